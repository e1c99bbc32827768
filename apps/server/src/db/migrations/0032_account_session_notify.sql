-- A session ended (My account, an administrator, a blocked registrar, the identity service's
-- logout), handed to another user, or removed by retention is announced on the channel
-- `account_session` with its id at the commit, as migration 0030 does for registrar statuses: the
-- API's instances keep open sessions in memory and drop one when told (db/change-notices.ts). A
-- session's `last_seen_at`, written once a minute, says nothing.
CREATE FUNCTION account_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('account_session', '*');
  ELSE
    PERFORM pg_notify('account_session', OLD.session_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER account_sessions_end_notify AFTER UPDATE OF ended_at, username, session_id ON account_sessions
  FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.username IS DISTINCT FROM NEW.username OR OLD.session_id IS DISTINCT FROM NEW.session_id)
  EXECUTE FUNCTION account_session_notify();--> statement-breakpoint
CREATE TRIGGER account_sessions_delete_notify AFTER DELETE ON account_sessions
  FOR EACH ROW EXECUTE FUNCTION account_session_notify();--> statement-breakpoint
CREATE TRIGGER account_sessions_truncate_notify AFTER TRUNCATE ON account_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION account_session_notify();
