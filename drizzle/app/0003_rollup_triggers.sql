-- daily_rollups follow message_projects and messages: linking a message to a project counts it, unlinking
-- or deleting it takes it away, and correcting its sentiment, reach or time moves it.
CREATE FUNCTION kuzatuv_rollup_add(p_project uuid, p_message uuid, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_rollups (project_id, day, sentiment, source_type, count, reach)
  SELECT p_project, (m.published_at AT TIME ZONE 'UTC')::date, m.sentiment, s.type, p_sign, p_sign * m.reach
  FROM messages m JOIN sources s ON s.id = m.source_id
  WHERE m.id = p_message
  ON CONFLICT (project_id, day, sentiment, source_type)
  DO UPDATE SET count = daily_rollups.count + EXCLUDED.count, reach = daily_rollups.reach + EXCLUDED.reach;
$$;
--> statement-breakpoint
CREATE FUNCTION kuzatuv_rollup_on_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kuzatuv_rollup_add(NEW.project_id, NEW.message_id, 1);
  ELSE
    -- When the message itself is being deleted it is already gone here; its own trigger did the counting.
    PERFORM kuzatuv_rollup_add(OLD.project_id, OLD.message_id, -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_projects_rollup AFTER INSERT OR DELETE ON message_projects
FOR EACH ROW EXECUTE FUNCTION kuzatuv_rollup_on_link();
--> statement-breakpoint
CREATE FUNCTION kuzatuv_rollup_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM kuzatuv_rollup_add(link.project_id, NEW.id, 1);
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_rollup_delete BEFORE DELETE ON messages
FOR EACH ROW EXECUTE FUNCTION kuzatuv_rollup_on_message();
--> statement-breakpoint
CREATE TRIGGER messages_rollup_update AFTER UPDATE OF sentiment, reach, published_at, source_id ON messages
FOR EACH ROW WHEN (OLD.sentiment IS DISTINCT FROM NEW.sentiment OR OLD.reach IS DISTINCT FROM NEW.reach
  OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.source_id IS DISTINCT FROM NEW.source_id)
EXECUTE FUNCTION kuzatuv_rollup_on_message();
