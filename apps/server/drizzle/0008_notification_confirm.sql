ALTER TABLE "assistant_notifications" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD COLUMN "confirm_email" text;--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD COLUMN "confirm_expires_at" timestamp with time zone;