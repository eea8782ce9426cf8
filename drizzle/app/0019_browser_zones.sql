ALTER TABLE "user_preferences" ALTER COLUMN "timezone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_preferences" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
-- UTC was the stand-in when a first page came without the browser's zone: a row never saved since is "not chosen".
UPDATE "user_preferences" SET "timezone" = NULL WHERE "timezone" = 'UTC' AND "updated_at" = "created_at";
