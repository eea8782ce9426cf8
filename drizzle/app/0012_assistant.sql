CREATE TYPE "public"."assistant_answer_status" AS ENUM('pending', 'streaming', 'done', 'failed');--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD COLUMN "status" "assistant_answer_status" DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD COLUMN "tool_calls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD COLUMN "blocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD COLUMN "error" text;