-- The text search's relevance window (decisions 0163, 0182): the newest matches of a broad word are
-- found by walking listed profiles newest first and testing each document. Through
-- escort_search_all_recientes_idx every step read the table's row (about 0.8 pages a step: 9,643
-- pages to find 480 "vale…"). This index holds the document and every filter column beside the
-- order, so the walk is an index-only scan that tests each entry where it lies, and its matches
-- carry the document ts_rank needs. Only listed profiles: the window never wants the others.
-- Drizzle cannot declare INCLUDE, hence written here (like the escort_count_* indexes).
CREATE INDEX IF NOT EXISTS "escort_search_text_window_idx" ON "escort_profiles" USING btree ("has_photo", "created_at", "account_id")
  INCLUDE ("search_doc", "city_key", "region_key", "zona", "genero", "fecha_nac", "tarifa_desde", "gallery_count",
    "fotos_verificadas", "atiende", "servicios")
  WHERE "public" AND "listed";
