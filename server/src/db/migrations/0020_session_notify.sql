-- Replicas keep signed-in sessions briefly in memory: a session, user or customer that changes or
-- goes is announced on one channel, so every replica drops what it kept at once (decision 0046).
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change
  AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('session');
--> statement-breakpoint
CREATE TRIGGER users_notify_change
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user');
--> statement-breakpoint
CREATE TRIGGER customers_notify_change
  AFTER UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('customer');
