ALTER TABLE "projects" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;