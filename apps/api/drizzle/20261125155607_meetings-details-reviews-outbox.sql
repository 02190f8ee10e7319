CREATE TABLE "comment_dislikes" (
	"comment_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_dislikes_comment_id_client_id_pk" PRIMARY KEY("comment_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"author_id" uuid,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_reads" (
	"meeting_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "meeting_reads_meeting_id_account_id_pk" PRIMARY KEY("meeting_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"solicitudes" boolean DEFAULT true NOT NULL,
	"respuestas" boolean DEFAULT true NOT NULL,
	"mensajes" boolean DEFAULT true NOT NULL,
	"comentarios" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_ratings" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "escort_ratings" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "fecha_hora" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "duracion_min" smallint;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "lugar" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "mensaje" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "propuesta_fecha_hora" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "motivo_rechazo" text;--> statement-breakpoint
ALTER TABLE "comment_dislikes" ADD CONSTRAINT "comment_dislikes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_dislikes" ADD CONSTRAINT "comment_dislikes_client_id_accounts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_messages" ADD CONSTRAINT "meeting_messages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_messages" ADD CONSTRAINT "meeting_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_reads" ADD CONSTRAINT "meeting_reads_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_reads" ADD CONSTRAINT "meeting_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_messages_meeting_idx" ON "meeting_messages" USING btree ("meeting_id","id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_ratings_uncounted_idx" ON "client_ratings" USING btree ("meeting_id") WHERE not "client_ratings"."counted";--> statement-breakpoint
CREATE UNIQUE INDEX "comments_meeting_key" ON "comments" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "escort_ratings_uncounted_idx" ON "escort_ratings" USING btree ("meeting_id") WHERE not "escort_ratings"."counted";