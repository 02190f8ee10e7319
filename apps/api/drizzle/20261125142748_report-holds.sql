ALTER TABLE "reports" ADD COLUMN "reporter_mark" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "holds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Open possible-minor reports filed before this change did hold their profile: they keep doing so.
UPDATE "reports" SET "holds" = true WHERE "reason" = 'menor' AND "status" = 'abierta';
