ALTER TABLE "escort_profiles" ADD COLUMN "cover_url" text;--> statement-breakpoint
-- The card's photo is the gallery's cover (decision 0155): the first image in her chosen order
-- (media.position, then upload time), copied onto the profile by a trigger on media so every path
-- that adds, deletes, reorders or rewrites a gallery item keeps it, and the listings read one column.
CREATE FUNCTION escort_cover_of(acc uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT m."url" FROM "media" m
   WHERE m."account_id" = acc AND m."purpose" = 'gallery' AND m."media_type" = 'image'
   ORDER BY m."position", m."created_at", m."id" LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION escort_cover_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acc uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."account_id" ELSE NEW."account_id" END;
  cover text := escort_cover_of(acc);
BEGIN
  UPDATE "escort_profiles" SET "cover_url" = cover
   WHERE "account_id" = acc AND "cover_url" IS DISTINCT FROM cover;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER media_cover_sync AFTER INSERT OR DELETE OR UPDATE OF "position", "url", "media_type" ON "media"
  FOR EACH ROW EXECUTE FUNCTION escort_cover_sync();--> statement-breakpoint
UPDATE "escort_profiles" SET "cover_url" = escort_cover_of("account_id") WHERE "gallery_count" > 0;
