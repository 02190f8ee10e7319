ALTER TABLE "accounts" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
-- Activity so far (issue 14): the latest use of a session, else the registration.
UPDATE "accounts" SET "last_active_at" = GREATEST("created_at", (SELECT max("last_seen_at") FROM "sessions" WHERE "sessions"."account_id" = "accounts"."id"));--> statement-breakpoint
-- Documents already rejected count from their latest rejection in the audit log, if uploaded before it.
UPDATE "identity_documents" SET "rejected_at" = r."at" FROM (SELECT "account_id", max("created_at") AS "at" FROM "audit_log" WHERE "action" = 'rechazado' GROUP BY "account_id") r, "accounts" a WHERE r."account_id" = "identity_documents"."account_id" AND a."id" = "identity_documents"."account_id" AND a."autorizado" = 'pendiente' AND "identity_documents"."created_at" <= r."at";--> statement-breakpoint
-- Photo links are downloaded and stored now (issue 14); a link saved before gives way to the gender's avatar.
UPDATE "accounts" SET "url" = CASE "genero" WHEN 'Masculino' THEN '/assets/avatars/masculino.svg' WHEN 'Transexual' THEN '/assets/avatars/transexual.svg' ELSE '/assets/avatars/femenino.svg' END WHERE "url" ~* '^https?://';
