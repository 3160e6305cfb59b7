CREATE TABLE "telegram_alert_messages" (
	"tg_bot_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"assistant_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_alert_messages_tg_bot_id_chat_id_message_id_pk" PRIMARY KEY("tg_bot_id","chat_id","message_id")
);
--> statement-breakpoint
DROP INDEX "telegram_bots_assistant_role_idx";--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
UPDATE "telegram_bots" SET "role" = 'trainer' WHERE "is_trainer";--> statement-breakpoint
ALTER TABLE "telegram_alert_messages" ADD CONSTRAINT "telegram_alert_messages_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_alert_messages" ADD CONSTRAINT "telegram_alert_messages_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_assistant_role_idx" ON "telegram_bots" USING btree ("assistant_id","role");--> statement-breakpoint
DROP INDEX "telegram_bots_tg_bot_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_tg_bot_idx" ON "telegram_bots" USING btree ("tg_bot_id") WHERE "telegram_bots"."tg_bot_id" is not null and "telegram_bots"."role" <> 'alerts';
