CREATE TABLE "trigger_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger_id" uuid NOT NULL,
	"assistant_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"message_id" uuid,
	"matched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"action" text DEFAULT 'STOP_AND_NOTIFY' NOT NULL,
	"stop_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_answer" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trigger_firings_trigger_visitor_idx" ON "trigger_firings" USING btree ("trigger_id","visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "triggers_assistant_idx" ON "triggers" USING btree ("assistant_id","position");