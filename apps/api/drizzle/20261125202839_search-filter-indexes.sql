-- Count indexes for GET /api/escorts's total (issue 15, bench/RESULTS.md): one per place column
-- (and one over all public profiles), keyed by place and gender (the filter on every page's bar),
-- with the other filter columns INCLUDEd so searchTotal is an index-only scan that never reads the
-- table. Not declared in the Drizzle schema: drizzle-kit cannot express INCLUDE.
CREATE INDEX IF NOT EXISTS "escort_count_all_idx" ON "escort_profiles" USING btree ("genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_city_idx" ON "escort_profiles" USING btree ("city_key", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_region_idx" ON "escort_profiles" USING btree ("region_key", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_zona_idx" ON "escort_profiles" USING btree ("zona", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
-- Verified photos (a twentieth of the profiles): their own small count indexes, all and per place.
CREATE INDEX IF NOT EXISTS "escort_count_fotos_idx" ON "escort_profiles" USING btree ("genero")
  INCLUDE ("public", "city_key", "region_key", "zona", "fecha_nac", "estado", "gallery_count", "fotos_verificadas")
  WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_fotos_city_idx" ON "escort_profiles" USING btree ("city_key", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_fotos_region_idx" ON "escort_profiles" USING btree ("region_key", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "escort_count_fotos_zona_idx" ON "escort_profiles" USING btree ("zona", "genero")
  INCLUDE ("public", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";
