-- Links issued before this column existed keep working at the door their e-mail opens: customers' links lead to the
-- customer reset page (the invitation and the customer door's recovery), every other account's to the staff one.
ALTER TABLE "password_reset_tokens" ADD COLUMN "door" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
UPDATE "password_reset_tokens" SET "door" = 'customers' FROM "users" WHERE "users"."id" = "password_reset_tokens"."user_id" AND "users"."role" = 'customers';--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "door" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_door_check" CHECK ("password_reset_tokens"."door" in ('staff', 'customers'));
