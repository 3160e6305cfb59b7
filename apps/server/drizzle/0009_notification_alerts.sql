CREATE TABLE "notification_alerts" (
	"visitor_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"folded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_alerts_visitor_id_reason_pk" PRIMARY KEY("visitor_id","reason")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "is_allowed_notify" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD COLUMN "last_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "assistant_notifications" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_alerts" ADD CONSTRAINT "notification_alerts_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;