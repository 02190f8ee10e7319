CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"rut" text NOT NULL,
	"rut_norm" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"nickname" text NOT NULL,
	"email" text NOT NULL,
	"email_norm" text NOT NULL,
	"fecha_nac" date NOT NULL,
	"genero" text NOT NULL,
	"fono" text NOT NULL,
	"ciudad" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"pass_hash" text NOT NULL,
	"autorizado" text DEFAULT 'pendiente' NOT NULL,
	"tipo_perfil" text NOT NULL,
	"motivo" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escort_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"city_key" text NOT NULL,
	"medidas" text DEFAULT '' NOT NULL,
	"legenda" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"gallery_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"admin_nickname" text NOT NULL,
	"account_id" uuid,
	"account_nickname" text NOT NULL,
	"action" text NOT NULL,
	"reasons" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"public_id" text NOT NULL,
	"width" text,
	"height" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"media_type" text NOT NULL,
	"public_id" text NOT NULL,
	"url" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"escort_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_escort_id_client_id_pk" PRIMARY KEY("escort_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" uuid,
	"client_id" uuid NOT NULL,
	"rater_id" uuid,
	"calificador" text NOT NULL,
	"nota1" smallint NOT NULL,
	"nota2" smallint NOT NULL,
	"nota3" smallint NOT NULL,
	"nota4" smallint NOT NULL,
	"nota5" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"escort_id" uuid NOT NULL,
	"client_id" uuid,
	"nick_cliente" text NOT NULL,
	"fecha" date NOT NULL,
	"comentario" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escort_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" uuid,
	"escort_id" uuid NOT NULL,
	"rater_id" uuid,
	"calificador" text NOT NULL,
	"nota1" smallint NOT NULL,
	"nota2" smallint NOT NULL,
	"nota3" smallint NOT NULL,
	"nota4" smallint NOT NULL,
	"nota5" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"client_id" uuid NOT NULL,
	"escort_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_client_id_escort_id_pk" PRIMARY KEY("client_id","escort_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"escort_id" uuid NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"acceso" boolean DEFAULT false NOT NULL,
	"comentado" boolean DEFAULT false NOT NULL,
	"click" boolean DEFAULT false NOT NULL,
	"evaluado_cliente" boolean DEFAULT false NOT NULL,
	"evaluado_escort" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rating_totals" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"sum1" integer DEFAULT 0 NOT NULL,
	"sum2" integer DEFAULT 0 NOT NULL,
	"sum3" integer DEFAULT 0 NOT NULL,
	"sum4" integer DEFAULT 0 NOT NULL,
	"sum5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rectification_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ciudad" text NOT NULL,
	"city_key" text NOT NULL,
	"direccion" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"escort_id" uuid,
	"escort_nickname" text NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD CONSTRAINT "escort_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_rater_id_accounts_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escort_ratings" ADD CONSTRAINT "escort_ratings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escort_ratings" ADD CONSTRAINT "escort_ratings_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escort_ratings" ADD CONSTRAINT "escort_ratings_rater_id_accounts_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_totals" ADD CONSTRAINT "rating_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_rut_norm_key" ON "accounts" USING btree ("rut_norm");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_nickname_key" ON "accounts" USING btree (lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_norm_key" ON "accounts" USING btree ("email_norm");--> statement-breakpoint
CREATE INDEX "accounts_pending_idx" ON "accounts" USING btree ("kind","created_at") WHERE "accounts"."autorizado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "escort_profiles_listing_idx" ON "escort_profiles" USING btree ("city_key","created_at" DESC NULLS LAST) WHERE "escort_profiles"."listed";--> statement-breakpoint
CREATE INDEX "escort_profiles_latest_idx" ON "escort_profiles" USING btree ("created_at" DESC NULLS LAST) WHERE "escort_profiles"."listed";--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_account_idx" ON "media" USING btree ("account_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_ratings_meeting_key" ON "client_ratings" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "client_ratings_client_idx" ON "client_ratings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_per_day_key" ON "comments" USING btree ("client_id","escort_id","fecha");--> statement-breakpoint
CREATE INDEX "comments_escort_idx" ON "comments" USING btree ("escort_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "escort_ratings_meeting_key" ON "escort_ratings" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "escort_ratings_escort_idx" ON "escort_ratings" USING btree ("escort_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_one_pending_key" ON "meetings" USING btree ("client_id","escort_id") WHERE "meetings"."status" = 'pendiente';--> statement-breakpoint
CREATE INDEX "meetings_escort_idx" ON "meetings" USING btree ("escort_id","status");--> statement-breakpoint
CREATE INDEX "meetings_client_idx" ON "meetings" USING btree ("client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rentals_url_key" ON "rentals" USING btree ("url");--> statement-breakpoint
CREATE INDEX "rentals_city_idx" ON "rentals" USING btree ("city_key");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");