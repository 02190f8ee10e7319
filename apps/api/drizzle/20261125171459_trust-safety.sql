CREATE TABLE "photo_verification_codes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"storage_key" text,
	"public_id" text NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_marks" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"meeting_id" uuid,
	"vence_at" timestamp with time zone NOT NULL,
	"contact_email" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"reminder_at" timestamp with time zone,
	"alert_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_dismissals" (
	"key" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"nota" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_contacts" (
	"account_id" uuid NOT NULL,
	"email_norm" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_contacts_account_id_email_norm_pk" PRIMARY KEY("account_id","email_norm")
);
--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "fotos_verificadas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "photo_verification_codes" ADD CONSTRAINT "photo_verification_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_marks" ADD CONSTRAINT "registration_marks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_checkins" ADD CONSTRAINT "safety_checkins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_checkins" ADD CONSTRAINT "safety_checkins_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_dismissals" ADD CONSTRAINT "signal_dismissals_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD CONSTRAINT "trusted_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_pending_key" ON "photo_verifications" USING btree ("account_id") WHERE "photo_verifications"."status" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_public_id_key" ON "photo_verifications" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "photo_verifications_status_idx" ON "photo_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "registration_marks_mark_idx" ON "registration_marks" USING btree ("mark","created_at");--> statement-breakpoint
CREATE INDEX "safety_checkins_due_idx" ON "safety_checkins" USING btree ("vence_at") WHERE "safety_checkins"."status" = 'activo';--> statement-breakpoint
CREATE INDEX "safety_checkins_account_idx" ON "safety_checkins" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_token_key" ON "trusted_contacts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "media_phash_b0_idx" ON "media" USING btree ((("phash" >> 0) & 8191));--> statement-breakpoint
CREATE INDEX "media_phash_b1_idx" ON "media" USING btree ((("phash" >> 13) & 8191));--> statement-breakpoint
CREATE INDEX "media_phash_b2_idx" ON "media" USING btree ((("phash" >> 26) & 8191));--> statement-breakpoint
CREATE INDEX "media_phash_b3_idx" ON "media" USING btree ((("phash" >> 39) & 8191));--> statement-breakpoint
CREATE INDEX "media_phash_b4_idx" ON "media" USING btree ((("phash" >> 52) & 8191));