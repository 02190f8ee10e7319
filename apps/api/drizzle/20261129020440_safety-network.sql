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
CREATE TABLE "attendance_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"side" text NOT NULL,
	"resultado" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"disputed_at" timestamp with time zone,
	"dispute_text" text,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	"settlement" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_subject_id_accounts_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_settled_by_accounts_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_alerts_meeting_author_key" ON "safety_alerts" USING btree ("meeting_id","author_id");--> statement-breakpoint
CREATE INDEX "safety_alerts_client_idx" ON "safety_alerts" USING btree ("client_id","confirmed_at") WHERE "safety_alerts"."status" = 'confirmada';--> statement-breakpoint
CREATE INDEX "safety_alerts_status_idx" ON "safety_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "safety_alerts_author_idx" ON "safety_alerts" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_marks_meeting_author_key" ON "attendance_marks" USING btree ("meeting_id","author_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_subject_idx" ON "attendance_marks" USING btree ("subject_id","resultado");--> statement-breakpoint
CREATE INDEX "attendance_marks_author_idx" ON "attendance_marks" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_disputes_idx" ON "attendance_marks" USING btree ("disputed_at") WHERE "attendance_marks"."disputed_at" is not null;