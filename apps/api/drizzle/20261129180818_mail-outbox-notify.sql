-- A committed outbox row wakes the workers at once (decision 0186): one notification per inserting
-- statement on the channel 'mail_outbox', which PostgreSQL delivers to every listening connection when
-- the transaction commits, and never for one rolled back. The workers still poll, for retries that come
-- due later and for a notification missed while a listening connection was down.
CREATE FUNCTION mail_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_outbox', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mail_outbox_notify AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION mail_outbox_notify();
