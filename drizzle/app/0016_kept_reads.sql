-- The reads kept in an embedded server's memory (ADR 048) are dropped when what they read changes: every
-- statement that changes one of these tables sends a notice on `kept_reads_changed`, which PostgreSQL delivers
-- when its transaction commits (and never for one rolled back). Cascaded deletes fire these triggers too.
CREATE FUNCTION kuzatuv_kept_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kept_reads_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_versions_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON session_versions
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
--> statement-breakpoint
CREATE TRIGGER user_preferences_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_preferences
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
--> statement-breakpoint
CREATE TRIGGER projects_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
--> statement-breakpoint
CREATE TRIGGER alerts_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alerts
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notifications
FOR EACH STATEMENT EXECUTE FUNCTION kuzatuv_kept_reads_changed();
