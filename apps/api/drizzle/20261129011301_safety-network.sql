CREATE TABLE "alert_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"refuse_alerted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid,
	"author_id" uuid,
	"client_id" uuid NOT NULL,
	"categoria" text NOT NULL,
	"descripcion" text NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"meeting_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text,
	"confirmed_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_alerts_meeting_author_key" ON "safety_alerts" USING btree ("meeting_id","author_id");--> statement-breakpoint
CREATE INDEX "safety_alerts_client_idx" ON "safety_alerts" USING btree ("client_id","confirmed_at") WHERE "safety_alerts"."status" = 'confirmada';--> statement-breakpoint
CREATE INDEX "safety_alerts_status_idx" ON "safety_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "safety_alerts_author_idx" ON "safety_alerts" USING btree ("author_id");