-- The links trigger of 0014 joined the statement's messages to `messages` as the planner saw fit. Its plan is
-- cached for the session, and one made while the table was small (a new database, or statistics not yet
-- gathered) read the whole table for every batch: 60 ms of an ingested batch at 60 000 messages, growing with
-- the table. Each message is now one index look-up, whatever the statistics say (LIMIT keeps the lateral
-- subquery from being merged into a join). Otherwise unchanged.
CREATE OR REPLACE FUNCTION kuzatuv_rollup_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT l.message_id, array_agg(l.project_id) AS changed FROM changed_links l
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = l.project_id) GROUP BY 1
  ), counted AS (
    SELECT m.published_at, m.source_id, m.language, m.sentiment, m.reach, t.changed,
      ARRAY(SELECT mp.project_id FROM message_projects mp WHERE mp.message_id = t.message_id ORDER BY 1) AS after
    FROM touched t
    CROSS JOIN LATERAL (
      SELECT published_at, source_id, language, sentiment, reach FROM messages
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
