-- Rollups by the set of projects a mention matched (ADR 043). The per-project rollups (0003, 0005, 0009) counted a
-- mention once per project and kept archived ones, so no total over two projects could be exact. Now each
-- stored message is counted once, in the rollup row of its project set (sorted ids; the empty set for a
-- message matching no project), its UTC hour, source and language, by sentiment; archived messages are
-- left out. A scope's total sums the sets that meet it, a project's figure the sets that contain it.
DROP TRIGGER messages_rollup_update ON messages;
--> statement-breakpoint
DROP TRIGGER messages_rollup_delete ON messages;
--> statement-breakpoint
DROP TRIGGER message_projects_rollup ON message_projects;
--> statement-breakpoint
DROP TRIGGER message_projects_rollup_delete ON message_projects;
--> statement-breakpoint
DROP FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
DROP FUNCTION kuzatuv_rollup_on_links();
--> statement-breakpoint
DROP FUNCTION kuzatuv_rollup_add(uuid, uuid, integer);
--> statement-breakpoint
DROP TABLE "daily_rollups" CASCADE;
--> statement-breakpoint
DROP TABLE "hourly_rollups" CASCADE;
--> statement-breakpoint
CREATE TABLE "mention_rollups" (
	"hour" timestamp with time zone NOT NULL,
	"set_id" integer NOT NULL,
	"source_id" uuid NOT NULL,
	"language" text NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"positive_reach" bigint DEFAULT 0 NOT NULL,
	"neutral_reach" bigint DEFAULT 0 NOT NULL,
	"negative_reach" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mention_rollups_hour_set_id_source_id_language_pk" PRIMARY KEY("hour","set_id","source_id","language")
);
--> statement-breakpoint
CREATE TABLE "project_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"projects" uuid[] NOT NULL,
	CONSTRAINT "project_sets_projects_unique" UNIQUE("projects")
);
--> statement-breakpoint
ALTER TABLE "mention_rollups" ADD CONSTRAINT "mention_rollups_set_id_project_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."project_sets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The language a mention is counted under: one of the four the app detects, else `other` (unknown included).
CREATE FUNCTION kuzatuv_rollup_language(language text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN language IN ('en', 'ru', 'uz', 'uz-Cyrl') THEN language ELSE 'other' END
$$;
--> statement-breakpoint
-- The id of a set of projects (sorted ids), created the first time it is needed. A set another transaction is
-- creating at the same moment is waited for, then read.
CREATE FUNCTION kuzatuv_project_set(p_projects uuid[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE set_id integer;
BEGIN
  SELECT id INTO set_id FROM project_sets WHERE projects = p_projects;
  IF set_id IS NULL THEN
    INSERT INTO project_sets (projects) VALUES (p_projects) ON CONFLICT (projects) DO NOTHING RETURNING id INTO set_id;
    IF set_id IS NULL THEN
      SELECT id INTO set_id FROM project_sets WHERE projects = p_projects;
    END IF;
  END IF;
  RETURN set_id;
END $$;
--> statement-breakpoint
-- Counts one message in (p_sign = 1) or out of (-1) the rollups of a set.
CREATE FUNCTION kuzatuv_rollup_count(p_set integer, m messages, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  VALUES (date_trunc('hour', m.published_at, 'UTC'), p_set, m.source_id, kuzatuv_rollup_language(m.language),
    CASE WHEN m.sentiment = 'positive' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'neutral' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'negative' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'positive' THEN p_sign * m.reach ELSE 0 END,
    CASE WHEN m.sentiment = 'neutral' THEN p_sign * m.reach ELSE 0 END,
    CASE WHEN m.sentiment = 'negative' THEN p_sign * m.reach ELSE 0 END)
  ON CONFLICT (hour, set_id, source_id, language) DO UPDATE SET
    positive = mention_rollups.positive + EXCLUDED.positive, neutral = mention_rollups.neutral + EXCLUDED.neutral,
    negative = mention_rollups.negative + EXCLUDED.negative,
    positive_reach = mention_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = mention_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = mention_rollups.negative_reach + EXCLUDED.negative_reach;
$$;
--> statement-breakpoint
-- A message whose counted fields change (or that is archived, un-archived or deleted) leaves its old row and
-- enters its new one. Row by row: only these columns fire it, so marking read or starring costs nothing.
CREATE FUNCTION kuzatuv_rollup_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE set_id integer := kuzatuv_project_set(
  ARRAY(SELECT mp.project_id FROM message_projects mp WHERE mp.message_id = OLD.id ORDER BY 1));
BEGIN
  IF NOT OLD.is_archived THEN
    PERFORM kuzatuv_rollup_count(set_id, OLD, -1);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NOT NEW.is_archived THEN
      PERFORM kuzatuv_rollup_count(set_id, NEW, 1);
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_rollup_update AFTER UPDATE OF sentiment, reach, published_at, source_id, language, is_archived
ON messages FOR EACH ROW WHEN (OLD.sentiment IS DISTINCT FROM NEW.sentiment OR OLD.reach IS DISTINCT FROM NEW.reach
  OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.source_id IS DISTINCT FROM NEW.source_id
  OR OLD.language IS DISTINCT FROM NEW.language OR OLD.is_archived IS DISTINCT FROM NEW.is_archived)
EXECUTE FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
-- Before its links go: afterwards nothing says which set it was in.
CREATE TRIGGER messages_rollup_delete BEFORE DELETE ON messages
FOR EACH ROW EXECUTE FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
-- New messages match no project yet: they count in the empty set until their links (inserted next) move them.
-- Per statement, grouped, in key order (so concurrent writers lock rollup rows in one order).
CREATE FUNCTION kuzatuv_rollup_on_new_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE empty_set integer := kuzatuv_project_set('{}');
BEGIN
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT date_trunc('hour', m.published_at, 'UTC'), empty_set, m.source_id, kuzatuv_rollup_language(m.language),
    count(*) FILTER (WHERE m.sentiment = 'positive'), count(*) FILTER (WHERE m.sentiment = 'neutral'),
    count(*) FILTER (WHERE m.sentiment = 'negative'),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'positive'), 0),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'neutral'), 0),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'negative'), 0)
  FROM added_messages m
  WHERE NOT m.is_archived
  GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (hour, set_id, source_id, language) DO UPDATE SET
    positive = mention_rollups.positive + EXCLUDED.positive, neutral = mention_rollups.neutral + EXCLUDED.neutral,
    negative = mention_rollups.negative + EXCLUDED.negative,
    positive_reach = mention_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = mention_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = mention_rollups.negative_reach + EXCLUDED.negative_reach;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The demo seed switches this one and message_projects_rollup off while it loads in bulk, then rebuilds.
CREATE TRIGGER messages_rollup_insert AFTER INSERT ON messages
REFERENCING NEW TABLE AS added_messages FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_rollup_on_new_messages();
--> statement-breakpoint
-- Links added or removed move each message they touch from the set it was in to the set it is in now, per
-- statement: the sets before and after are read from message_projects and the statement's own links. Archived
-- messages are in no rollup; a message being deleted is already gone here (its own trigger counted it out).
-- Links that go with their project are left alone: a deleted project's id stays in its sets, and readers only
-- ever ask about projects that exist, so moving hundreds of thousands of mentions would change no answer.
CREATE FUNCTION kuzatuv_rollup_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT l.message_id, array_agg(l.project_id) AS changed FROM changed_links l
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = l.project_id) GROUP BY 1
  ), counted AS (
    SELECT m.published_at, m.source_id, m.language, m.sentiment, m.reach, t.changed,
      ARRAY(SELECT mp.project_id FROM message_projects mp WHERE mp.message_id = m.id ORDER BY 1) AS after
    FROM touched t JOIN messages m ON m.id = t.message_id
    WHERE NOT m.is_archived
  ), moves AS (
    SELECT c.*, CASE WHEN TG_OP = 'INSERT'
        THEN ARRAY(SELECT p FROM unnest(c.after) p WHERE p <> ALL (c.changed) ORDER BY 1)
        ELSE ARRAY(SELECT p FROM unnest(c.after || c.changed) p ORDER BY 1) END AS before
    FROM counted c
  ), sets AS (
    SELECT projects, kuzatuv_project_set(projects) AS id
    FROM (SELECT after FROM moves UNION SELECT before FROM moves ORDER BY 1) s(projects)
  )
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT date_trunc('hour', mv.published_at, 'UTC'), x.set_id, mv.source_id, kuzatuv_rollup_language(mv.language),
    coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'positive'), 0),
    coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'neutral'), 0),
    coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'negative'), 0),
    coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'positive'), 0),
    coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'neutral'), 0),
    coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'negative'), 0)
  FROM moves mv
  JOIN sets a ON a.projects = mv.after
  JOIN sets b ON b.projects = mv.before
  CROSS JOIN LATERAL (VALUES (a.id, 1), (b.id, -1)) AS x(set_id, sign)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (hour, set_id, source_id, language) DO UPDATE SET
    positive = mention_rollups.positive + EXCLUDED.positive, neutral = mention_rollups.neutral + EXCLUDED.neutral,
    negative = mention_rollups.negative + EXCLUDED.negative,
    positive_reach = mention_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = mention_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = mention_rollups.negative_reach + EXCLUDED.negative_reach;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Both link triggers name their transition table `changed_links`, so one body serves insert and delete.
CREATE TRIGGER message_projects_rollup AFTER INSERT ON message_projects
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_rollup_on_links();
--> statement-breakpoint
CREATE TRIGGER message_projects_rollup_delete AFTER DELETE ON message_projects
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_rollup_on_links();
--> statement-breakpoint
-- The rollups counted again from the messages: here, and by the demo seed after a bulk load.
CREATE FUNCTION kuzatuv_rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mention_rollups;
  INSERT INTO project_sets (projects)
  SELECT projects FROM (
    SELECT array_agg(project_id ORDER BY project_id) FROM message_projects GROUP BY message_id
    UNION SELECT '{}'::uuid[]
  ) s(projects) ORDER BY 1
  ON CONFLICT (projects) DO NOTHING;
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT date_trunc('hour', m.published_at, 'UTC'), ps.id, m.source_id, kuzatuv_rollup_language(m.language),
    count(*) FILTER (WHERE m.sentiment = 'positive'), count(*) FILTER (WHERE m.sentiment = 'neutral'),
    count(*) FILTER (WHERE m.sentiment = 'negative'),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'positive'), 0),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'neutral'), 0),
    coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'negative'), 0)
  FROM messages m
  LEFT JOIN (
    SELECT message_id, array_agg(project_id ORDER BY project_id) AS projects FROM message_projects GROUP BY 1
  ) l ON l.message_id = m.id
  JOIN project_sets ps ON ps.projects = coalesce(l.projects, '{}')
  WHERE NOT m.is_archived
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT kuzatuv_rebuild_rollups();
