CREATE TABLE "assistants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"widget_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"temperature" real DEFAULT 0.1 NOT NULL,
	"model" text DEFAULT 'gpt-4o-mini' NOT NULL,
	"greeting" text DEFAULT 'Здравствуйте, чем могу помочь?' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patterns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_data" text NOT NULL,
	"mime_type" text DEFAULT 'image/svg+xml' NOT NULL,
	"position" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_name" text DEFAULT 'Ваш бот' NOT NULL,
	"bot_role" text DEFAULT '' NOT NULL,
	"greeting" text DEFAULT 'Привет! Как я могу помочь?' NOT NULL,
	"background_color" text DEFAULT '#ffffff' NOT NULL,
	"accent_color" text DEFAULT '#007bff' NOT NULL,
	"message_color" text DEFAULT '#e6e6e6' NOT NULL,
	"header_text_color" text DEFAULT '#000' NOT NULL,
	"message_text_color" text DEFAULT '#000' NOT NULL,
	"avatar_url" text,
	"brand_logo_visible" boolean DEFAULT true NOT NULL,
	"allow_file_attachment" boolean DEFAULT true NOT NULL,
	"predefined_questions" jsonb DEFAULT '["Здравствуйте","Добрый день! У меня вопрос","Мне нужна помощь"]'::jsonb NOT NULL,
	"header_pattern_id" text,
	"pattern_opacity" real DEFAULT 1 NOT NULL,
	"pattern_scale" real DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_header_pattern_id_patterns_id_fk" FOREIGN KEY ("header_pattern_id") REFERENCES "public"."patterns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistants_user_idx" ON "assistants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistants_widget_idx" ON "assistants" USING btree ("widget_id");--> statement-breakpoint
CREATE INDEX "widgets_user_idx" ON "widgets" USING btree ("user_id");