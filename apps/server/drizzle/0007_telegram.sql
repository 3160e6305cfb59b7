CREATE TABLE "assistant_notifications" (
	"assistant_id" uuid PRIMARY KEY NOT NULL,
	"notification_email" text,
	"is_notification_email_confirmed" boolean DEFAULT false NOT NULL,
	"is_allowed_notify" boolean DEFAULT false NOT NULL,
	"enable_telegram" boolean DEFAULT false NOT NULL,
	"telegram_token" text,
	"chat_id" bigint,
	"chat_title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"is_trainer" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"token" text,
	"tg_bot_id" bigint,
	"username" text,
	"first_name" text,
	"state" text,
	"previous_webhook" text,
	"webhook_secret" text,
	"trainer_chat_id" bigint,
	"trainer_chat_title" text,
	"link_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_trainer_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"post_message_id" bigint,
	"prompt_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"tg_bot_id" bigint NOT NULL,
	"update_id" bigint NOT NULL,
	"bot_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "telegram_updates_tg_bot_id_update_id_pk" PRIMARY KEY("tg_bot_id","update_id")
);
--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD CONSTRAINT "assistant_notifications_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_trainer_posts" ADD CONSTRAINT "telegram_trainer_posts_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD CONSTRAINT "telegram_updates_bot_id_telegram_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."telegram_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_assistant_role_idx" ON "telegram_bots" USING btree ("assistant_id","is_trainer");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_tg_bot_idx" ON "telegram_bots" USING btree ("tg_bot_id") WHERE "telegram_bots"."tg_bot_id" is not null;--> statement-breakpoint
CREATE INDEX "telegram_trainer_posts_prompt_idx" ON "telegram_trainer_posts" USING btree ("assistant_id","prompt_message_id");--> statement-breakpoint
CREATE INDEX "telegram_updates_pending_idx" ON "telegram_updates" USING btree ("received_at") WHERE "telegram_updates"."processed_at" is null;