CREATE TABLE "author_day_rollups" (
	"day" timestamp with time zone NOT NULL,
	"set_id" integer NOT NULL,
	"source_id" uuid NOT NULL,
	"language" text NOT NULL,
	"author" text NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"positive_reach" bigint DEFAULT 0 NOT NULL,
	"neutral_reach" bigint DEFAULT 0 NOT NULL,
	"negative_reach" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "author_day_rollups_day_set_id_source_id_language_author_pk" PRIMARY KEY("day","set_id","source_id","language","author")
);
--> statement-breakpoint
CREATE TABLE "author_rollups" (
	"hour" timestamp with time zone NOT NULL,
	"set_id" integer NOT NULL,
	"source_id" uuid NOT NULL,
	"language" text NOT NULL,
	"author" text NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"positive_reach" bigint DEFAULT 0 NOT NULL,
	"neutral_reach" bigint DEFAULT 0 NOT NULL,
	"negative_reach" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "author_rollups_hour_set_id_source_id_language_author_pk" PRIMARY KEY("hour","set_id","source_id","language","author")
);
--> statement-breakpoint
ALTER TABLE "author_day_rollups" ADD CONSTRAINT "author_day_rollups_set_id_project_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."project_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_rollups" ADD CONSTRAINT "author_rollups_set_id_project_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."project_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Top authors (ADR 051) read these instead of the period's messages. The rollup triggers of 0014 and 0017 now
-- work out each statement's counts once, per author too, and add them to the three tables in one order
-- (mention_rollups, author_rollups, author_day_rollups), each in key order, so concurrent writers lock rows in
-- one order. A mention without an author counts in mention_rollups only (`author` is '' in the counts for none),
-- and so does the empty set: it is in no total (ADR 043), and new messages, which enter it until their links
-- move them, then cost the author tables one upsert per row instead of three.
CREATE TYPE kuzatuv_rollup_counts AS (
  hour timestamptz, set_id integer, source_id uuid, language text, author text,
  positive integer, neutral integer, negative integer, positive_reach bigint, neutral_reach bigint, negative_reach bigint
);
--> statement-breakpoint
-- PL/pgSQL, so its plans are kept for the session: the row triggers (archiving, deleting) call it per row.
CREATE FUNCTION kuzatuv_rollup_add(counts kuzatuv_rollup_counts[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE empty_set integer := (SELECT id FROM project_sets WHERE projects = '{}');
BEGIN
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT hour, set_id, source_id, language, sum(positive), sum(neutral), sum(negative), sum(positive_reach),
    sum(neutral_reach), sum(negative_reach)
  FROM unnest(counts) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (hour, set_id, source_id, language) DO UPDATE SET
    positive = mention_rollups.positive + EXCLUDED.positive, neutral = mention_rollups.neutral + EXCLUDED.neutral,
    negative = mention_rollups.negative + EXCLUDED.negative,
    positive_reach = mention_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = mention_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = mention_rollups.negative_reach + EXCLUDED.negative_reach;
  INSERT INTO author_rollups (hour, set_id, source_id, language, author, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT hour, set_id, source_id, language, author, sum(positive), sum(neutral), sum(negative), sum(positive_reach),
    sum(neutral_reach), sum(negative_reach)
  FROM unnest(counts)
  WHERE author <> '' AND set_id IS DISTINCT FROM empty_set
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (hour, set_id, source_id, language, author) DO UPDATE SET
    positive = author_rollups.positive + EXCLUDED.positive, neutral = author_rollups.neutral + EXCLUDED.neutral,
    negative = author_rollups.negative + EXCLUDED.negative,
    positive_reach = author_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = author_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = author_rollups.negative_reach + EXCLUDED.negative_reach;
  INSERT INTO author_day_rollups (day, set_id, source_id, language, author, positive, neutral, negative,
    positive_reach, neutral_reach, negative_reach)
  SELECT date_trunc('day', hour, 'UTC'), set_id, source_id, language, author, sum(positive), sum(neutral),
    sum(negative), sum(positive_reach), sum(neutral_reach), sum(negative_reach)
  FROM unnest(counts)
  WHERE author <> '' AND set_id IS DISTINCT FROM empty_set
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, set_id, source_id, language, author) DO UPDATE SET
    positive = author_day_rollups.positive + EXCLUDED.positive,
    neutral = author_day_rollups.neutral + EXCLUDED.neutral,
    negative = author_day_rollups.negative + EXCLUDED.negative,
    positive_reach = author_day_rollups.positive_reach + EXCLUDED.positive_reach,
    neutral_reach = author_day_rollups.neutral_reach + EXCLUDED.neutral_reach,
    negative_reach = author_day_rollups.negative_reach + EXCLUDED.negative_reach;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kuzatuv_rollup_count(p_set integer, m messages, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kuzatuv_rollup_add(ARRAY[ROW(date_trunc('hour', m.published_at, 'UTC'), p_set, m.source_id,
    kuzatuv_rollup_language(m.language), coalesce(m.author, ''),
    CASE WHEN m.sentiment = 'positive' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'neutral' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'negative' THEN p_sign ELSE 0 END,
    CASE WHEN m.sentiment = 'positive' THEN p_sign * m.reach ELSE 0 END,
    CASE WHEN m.sentiment = 'neutral' THEN p_sign * m.reach ELSE 0 END,
    CASE WHEN m.sentiment = 'negative' THEN p_sign * m.reach ELSE 0 END)::kuzatuv_rollup_counts]);
END $$;
--> statement-breakpoint
-- A changed author moves a mention too.
DROP TRIGGER messages_rollup_update ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_rollup_update
AFTER UPDATE OF sentiment, reach, published_at, source_id, language, author, is_archived ON messages FOR EACH ROW
WHEN (OLD.sentiment IS DISTINCT FROM NEW.sentiment OR OLD.reach IS DISTINCT FROM NEW.reach
  OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.source_id IS DISTINCT FROM NEW.source_id
  OR OLD.language IS DISTINCT FROM NEW.language OR OLD.author IS DISTINCT FROM NEW.author
  OR OLD.is_archived IS DISTINCT FROM NEW.is_archived)
EXECUTE FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kuzatuv_rollup_on_new_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE empty_set integer := kuzatuv_project_set('{}');
BEGIN
  PERFORM kuzatuv_rollup_add(ARRAY(
    SELECT ROW(date_trunc('hour', m.published_at, 'UTC'), empty_set, m.source_id,
      kuzatuv_rollup_language(m.language), coalesce(m.author, ''),
      count(*) FILTER (WHERE m.sentiment = 'positive'), count(*) FILTER (WHERE m.sentiment = 'neutral'),
      count(*) FILTER (WHERE m.sentiment = 'negative'),
      coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'positive'), 0),
      coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'neutral'), 0),
      coalesce(sum(m.reach) FILTER (WHERE m.sentiment = 'negative'), 0))::kuzatuv_rollup_counts
    FROM added_messages m
    WHERE NOT m.is_archived
    GROUP BY date_trunc('hour', m.published_at, 'UTC'), m.source_id, kuzatuv_rollup_language(m.language),
      coalesce(m.author, '')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kuzatuv_rollup_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kuzatuv_rollup_add(ARRAY(
    WITH touched AS (
      SELECT l.message_id, array_agg(l.project_id) AS changed FROM changed_links l
      WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = l.project_id) GROUP BY 1
    ), counted AS (
      SELECT m.published_at, m.source_id, m.language, m.author, m.sentiment, m.reach, t.changed,
        ARRAY(SELECT mp.project_id FROM message_projects mp WHERE mp.message_id = t.message_id ORDER BY 1) AS after
      FROM touched t
      CROSS JOIN LATERAL (
        SELECT published_at, source_id, language, author, sentiment, reach FROM messages
        WHERE id = t.message_id AND NOT is_archived LIMIT 1
      ) m
    ), moves AS (
      SELECT c.*, CASE WHEN TG_OP = 'INSERT'
          THEN ARRAY(SELECT p FROM unnest(c.after) p WHERE p <> ALL (c.changed) ORDER BY 1)
          ELSE ARRAY(SELECT p FROM unnest(c.after || c.changed) p ORDER BY 1) END AS before
      FROM counted c
    ), sets AS (
      SELECT projects, kuzatuv_project_set(projects) AS id
      FROM (SELECT after FROM moves UNION SELECT before FROM moves ORDER BY 1) s(projects)
    )
    SELECT ROW(date_trunc('hour', mv.published_at, 'UTC'), x.set_id, mv.source_id,
      kuzatuv_rollup_language(mv.language), coalesce(mv.author, ''),
      coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'positive'), 0),
      coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'neutral'), 0),
      coalesce(sum(x.sign) FILTER (WHERE mv.sentiment = 'negative'), 0),
      coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'positive'), 0),
      coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'neutral'), 0),
      coalesce(sum(x.sign * mv.reach) FILTER (WHERE mv.sentiment = 'negative'), 0))::kuzatuv_rollup_counts
    FROM moves mv
    JOIN sets a ON a.projects = mv.after
    JOIN sets b ON b.projects = mv.before
    CROSS JOIN LATERAL (VALUES (a.id, 1), (b.id, -1)) AS x(set_id, sign)
    GROUP BY date_trunc('hour', mv.published_at, 'UTC'), x.set_id, mv.source_id,
      kuzatuv_rollup_language(mv.language), coalesce(mv.author, '')));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- All three counted again from the messages, in one pass over them: per author first ('' for none), then
-- summed without the author; then the author tables' rows are kept, and summed by day.
CREATE OR REPLACE FUNCTION kuzatuv_rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mention_rollups;
  DELETE FROM author_rollups;
  DELETE FROM author_day_rollups;
  INSERT INTO project_sets (projects)
  SELECT projects FROM (
    SELECT array_agg(project_id ORDER BY project_id) FROM message_projects GROUP BY message_id
    UNION SELECT '{}'::uuid[]
  ) s(projects) ORDER BY 1
  ON CONFLICT (projects) DO NOTHING;
  INSERT INTO author_rollups (hour, set_id, source_id, language, author, positive, neutral, negative,
    positive_reach, neutral_reach, negative_reach)
  SELECT date_trunc('hour', m.published_at, 'UTC'), ps.id, m.source_id, kuzatuv_rollup_language(m.language),
    coalesce(m.author, ''),
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
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO mention_rollups (hour, set_id, source_id, language, positive, neutral, negative, positive_reach,
    neutral_reach, negative_reach)
  SELECT hour, set_id, source_id, language, sum(positive), sum(neutral), sum(negative), sum(positive_reach),
    sum(neutral_reach), sum(negative_reach)
  FROM author_rollups GROUP BY 1, 2, 3, 4;
  DELETE FROM author_rollups
  WHERE author = '' OR set_id IS NOT DISTINCT FROM (SELECT id FROM project_sets WHERE projects = '{}');
  INSERT INTO author_day_rollups (day, set_id, source_id, language, author, positive, neutral, negative,
    positive_reach, neutral_reach, negative_reach)
  SELECT date_trunc('day', hour, 'UTC'), set_id, source_id, language, author, sum(positive), sum(neutral),
    sum(negative), sum(positive_reach), sum(neutral_reach), sum(negative_reach)
  FROM author_rollups GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT kuzatuv_rebuild_rollups();
