-- Every change of a registrar's status (or of the registrar itself) is announced on the channel
-- `registrar_status` with the registrar's handle, at the commit of the change, whatever made it
-- (the feed, a test, an operator's SQL); the feed's upsert of an unchanged status says nothing.
-- The API's instances cache statuses and drop an entry when told (db/registrar-status-cache.ts);
-- a TRUNCATE announces '*', dropping every entry.
CREATE FUNCTION registrar_status_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('registrar_status', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('registrar_status', NEW.handle);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('registrar_status', OLD.handle);
  ELSE
    PERFORM pg_notify('registrar_status', OLD.handle);
    IF NEW.handle IS DISTINCT FROM OLD.handle THEN
      PERFORM pg_notify('registrar_status', NEW.handle);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER registrars_status_notify AFTER UPDATE OF status, handle ON registrars
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.handle IS DISTINCT FROM NEW.handle)
  EXECUTE FUNCTION registrar_status_notify();--> statement-breakpoint
CREATE TRIGGER registrars_come_and_go_notify AFTER INSERT OR DELETE ON registrars
  FOR EACH ROW EXECUTE FUNCTION registrar_status_notify();--> statement-breakpoint
CREATE TRIGGER registrars_truncate_notify AFTER TRUNCATE ON registrars
  FOR EACH STATEMENT EXECUTE FUNCTION registrar_status_notify();
