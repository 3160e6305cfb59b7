CREATE TABLE "assistant_token_usage" (
	"assistant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_token_usage_assistant_id_day_pk" PRIMARY KEY("assistant_id","day")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"external_id" text,
	"token_hash" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"tg_username" text,
	"email" text,
	"phone" text,
	"is_paused" boolean DEFAULT false NOT NULL,
	"phone_requested_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_token_usage" ADD CONSTRAINT "assistant_token_usage_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_visitor_created_idx" ON "messages" USING btree ("visitor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_assistant_created_idx" ON "messages" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "visitors_assistant_recent_idx" ON "visitors" USING btree ("assistant_id","last_message_at" desc nulls last,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_external_idx" ON "visitors" USING btree ("assistant_id","channel","external_id") WHERE "visitors"."external_id" is not null;