CREATE TABLE "hourly_rollups" (
	"project_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sentiment" "sentiment" NOT NULL,
	"source_type" "source_type" NOT NULL,
	"language" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hourly_rollups_project_id_hour_sentiment_source_type_language_pk" PRIMARY KEY("project_id","hour","sentiment","source_type","language")
);
--> statement-breakpoint
ALTER TABLE "hourly_rollups" ADD CONSTRAINT "hourly_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hourly rollups follow messages and their links exactly like the daily ones (0003, 0005): the same trigger
-- functions now keep both tables, so the demo seed's switch (message_projects_rollup) still covers them.
-- Hours are UTC hours (date_trunc in UTC whatever the session's zone); readers group them in their own zone.
CREATE OR REPLACE FUNCTION kuzatuv_rollup_add(p_project uuid, p_message uuid, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_rollups (project_id, day, sentiment, source_type, count, reach)
  SELECT p_project, (m.published_at AT TIME ZONE 'UTC')::date, m.sentiment, s.type, p_sign, p_sign * m.reach
  FROM messages m JOIN sources s ON s.id = m.source_id
  WHERE m.id = p_message
  ON CONFLICT (project_id, day, sentiment, source_type)
  DO UPDATE SET count = daily_rollups.count + EXCLUDED.count, reach = daily_rollups.reach + EXCLUDED.reach;
  INSERT INTO hourly_rollups (project_id, hour, sentiment, source_type, language, count, reach)
  SELECT p_project, date_trunc('hour', m.published_at, 'UTC'), m.sentiment, s.type, coalesce(m.language, 'other'),
    p_sign, p_sign * m.reach
  FROM messages m JOIN sources s ON s.id = m.source_id
  WHERE m.id = p_message
  ON CONFLICT (project_id, hour, sentiment, source_type, language)
  DO UPDATE SET count = hourly_rollups.count + EXCLUDED.count, reach = hourly_rollups.reach + EXCLUDED.reach;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kuzatuv_rollup_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE link record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR link IN SELECT project_id FROM message_projects WHERE message_id = OLD.id LOOP
      PERFORM kuzatuv_rollup_add(link.project_id, OLD.id, -1);
    END LOOP;
    RETURN OLD;
  END IF;
  -- UPDATE of what the rollups count: take the old row out, put the new one in.
  FOR link IN SELECT project_id FROM message_projects WHERE message_id = NEW.id LOOP
    INSERT INTO daily_rollups (project_id, day, sentiment, source_type, count, reach)
    SELECT link.project_id, (OLD.published_at AT TIME ZONE 'UTC')::date, OLD.sentiment, s.type, -1, -OLD.reach
    FROM sources s WHERE s.id = OLD.source_id
    ON CONFLICT (project_id, day, sentiment, source_type)
    DO UPDATE SET count = daily_rollups.count + EXCLUDED.count, reach = daily_rollups.reach + EXCLUDED.reach;
    INSERT INTO hourly_rollups (project_id, hour, sentiment, source_type, language, count, reach)
    SELECT link.project_id, date_trunc('hour', OLD.published_at, 'UTC'), OLD.sentiment, s.type,
      coalesce(OLD.language, 'other'), -1, -OLD.reach
    FROM sources s WHERE s.id = OLD.source_id
    ON CONFLICT (project_id, hour, sentiment, source_type, language)
    DO UPDATE SET count = hourly_rollups.count + EXCLUDED.count, reach = hourly_rollups.reach + EXCLUDED.reach;
    PERFORM kuzatuv_rollup_add(link.project_id, NEW.id, 1);
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER messages_rollup_update ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_rollup_update AFTER UPDATE OF sentiment, reach, published_at, source_id, language ON messages
FOR EACH ROW WHEN (OLD.sentiment IS DISTINCT FROM NEW.sentiment OR OLD.reach IS DISTINCT FROM NEW.reach
  OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.source_id IS DISTINCT FROM NEW.source_id
  OR OLD.language IS DISTINCT FROM NEW.language)
EXECUTE FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
-- Both link triggers name their transition table `changed_links`, so one body serves insert and delete.
DROP TRIGGER message_projects_rollup ON message_projects;
--> statement-breakpoint
DROP TRIGGER message_projects_rollup_delete ON message_projects;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kuzatuv_rollup_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO daily_rollups (project_id, day, sentiment, source_type, count, reach)
  SELECT l.project_id, (m.published_at AT TIME ZONE 'UTC')::date, m.sentiment, s.type, sign * count(*),
    sign * sum(m.reach)
  FROM changed_links l JOIN messages m ON m.id = l.message_id JOIN sources s ON s.id = m.source_id
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, day, sentiment, source_type)
  DO UPDATE SET count = daily_rollups.count + EXCLUDED.count, reach = daily_rollups.reach + EXCLUDED.reach;
  INSERT INTO hourly_rollups (project_id, hour, sentiment, source_type, language, count, reach)
  SELECT l.project_id, date_trunc('hour', m.published_at, 'UTC'), m.sentiment, s.type,
    coalesce(m.language, 'other'), sign * count(*), sign * sum(m.reach)
  FROM changed_links l JOIN messages m ON m.id = l.message_id JOIN sources s ON s.id = m.source_id
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, hour, sentiment, source_type, language)
  DO UPDATE SET count = hourly_rollups.count + EXCLUDED.count, reach = hourly_rollups.reach + EXCLUDED.reach;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The insert trigger keeps its name: the demo seed switches it off while it loads in bulk.
CREATE TRIGGER message_projects_rollup AFTER INSERT ON message_projects
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_rollup_on_links();
--> statement-breakpoint
CREATE TRIGGER message_projects_rollup_delete AFTER DELETE ON message_projects
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_rollup_on_links();
--> statement-breakpoint
-- Built from the messages already linked.
INSERT INTO hourly_rollups (project_id, hour, sentiment, source_type, language, count, reach)
SELECT mp.project_id, date_trunc('hour', m.published_at, 'UTC'), m.sentiment, s.type, coalesce(m.language, 'other'),
  count(*), sum(m.reach)
FROM message_projects mp JOIN messages m ON m.id = mp.message_id JOIN sources s ON s.id = m.source_id
GROUP BY 1, 2, 3, 4, 5;
