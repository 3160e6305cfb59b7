CREATE TABLE "corrected_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"question" text NOT NULL,
	"original_answer" text DEFAULT '' NOT NULL,
	"correct_answer" text NOT NULL,
	"synonyms" text DEFAULT '' NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, "corrected_answers"."question" || ' ' || "corrected_answers"."synonyms")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"token_count" integer NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, "knowledge_chunks"."heading" || ' ' || "knowledge_chunks"."content")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"status_reason" text,
	"source" text DEFAULT 'upload' NOT NULL,
	"source_url" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_stats" (
	"assistant_id" uuid PRIMARY KEY NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"assistant_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "knowledge_terms_assistant_id_lexeme_pk" PRIMARY KEY("assistant_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "corrected_answers" ADD CONSTRAINT "corrected_answers_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_stats" ADD CONSTRAINT "knowledge_stats_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrected_answers_assistant_idx" ON "corrected_answers" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "corrected_answers_tsv_idx" ON "corrected_answers" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "corrected_answers_question_trgm_idx" ON "corrected_answers" USING gin ("question" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_chunks_assistant_idx" ON "knowledge_chunks" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_file_idx" ON "knowledge_chunks" USING btree ("file_id","ord");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_idx" ON "knowledge_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_files_assistant_idx" ON "knowledge_files" USING btree ("assistant_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "knowledge_terms_trgm_idx" ON "knowledge_terms" USING gin ("lexeme" gin_trgm_ops);