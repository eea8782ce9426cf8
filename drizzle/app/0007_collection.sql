CREATE TABLE "fetch_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"http_status" integer,
	"result" text NOT NULL,
	"new_items" integer DEFAULT 0 NOT NULL,
	"duplicate_items" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "message_duplicates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"url" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" text,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rematch" jsonb;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "fetch_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "collector_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "fetch_attempts" ADD CONSTRAINT "fetch_attempts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_duplicates" ADD CONSTRAINT "message_duplicates_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_duplicates" ADD CONSTRAINT "message_duplicates_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_imports" ADD CONSTRAINT "source_imports_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fetch_attempts_source_idx" ON "fetch_attempts" USING btree ("source_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_duplicates_unique" ON "message_duplicates" USING btree ("message_id","source_id");--> statement-breakpoint
CREATE INDEX "source_imports_source_idx" ON "source_imports" USING btree ("source_id","created_at");