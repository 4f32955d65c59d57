ALTER TABLE "notifications" ADD COLUMN "duration" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_duration_check" CHECK ("notifications"."duration" between 0 and 1440);--> statement-breakpoint
-- Every API process LISTENs on 'notifications' and pushes what it hears to the sockets it holds. NOTIFY is delivered
-- when the writing transaction commits (never for one rolled back), so a socket hears of a notification exactly when
-- it exists, whichever process wrote it. The payload names the row and its user only; each process reads the row itself.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', json_build_object('id', NEW.id, 'userId', NEW.user_id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_announce
  AFTER INSERT OR UPDATE OF status ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_announce();
