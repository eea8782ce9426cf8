ALTER TABLE "reports" ADD COLUMN "period_kind" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "top_mentions_count" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "top_mention_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subscribers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "scheduled_from" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_scheduled_from_reports_id_fk" FOREIGN KEY ("scheduled_from") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_scheduled_period_unique" ON "reports" USING btree ("scheduled_from","period_start");