-- Text search (decision 0163): PostgreSQL's own full-text search, on both engines. unaccent ships
-- with PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/unaccent, loaded by
-- db/client.ts); it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Two configurations, both accent-free: `encanto_es` stems Spanish ("masajes" and "masaje" meet) for
-- the free text, services and languages; `encanto_simple` keeps words whole for names and places,
-- which must never be stemmed ("Valeria" is not "valer") and are matched by prefix.
CREATE TEXT SEARCH CONFIGURATION encanto_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION encanto_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION encanto_simple (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION encanto_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- The document, weighted: A the display name and nickname, B the comuna, C the region, services and
-- languages, D "Sobre mí". Places, services and languages are stored as accent-free keys and codes
-- ('nunoa', 'vina-del-mar', 'ingles', 'cena_evento'), which are their names once accents go.
CREATE FUNCTION escort_search_doc(nick text, display text, city text, region text, servicios text[],
    idiomas text[], legenda text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('encanto_simple'::regconfig, coalesce(display, '') || ' ' || coalesce(nick, '')), 'A')
    || setweight(to_tsvector('encanto_simple'::regconfig, replace(coalesce(city, ''), '-', ' ')), 'B')
    || setweight(to_tsvector('encanto_simple'::regconfig, replace(coalesce(region, ''), '-', ' ')), 'C')
    || setweight(to_tsvector('encanto_es'::regconfig,
         replace(array_to_string(coalesce(servicios, '{}') || coalesce(idiomas, '{}'), ' '), '_', ' ')), 'C')
    || setweight(to_tsvector('encanto_es'::regconfig, coalesce(legenda, '')), 'D')
$$;--> statement-breakpoint
-- The query of `?q=`, from its words (already lower-case, accent-free letters and digits: the API's
-- normaliseSearchWords). Every word must match: as the start of a name (A), a whole place word
-- (B, C), or a Spanish stem of the text, services and languages (C, D). A Spanish stop word ("en",
-- "la") narrows nothing beside other words ("masajes en ñuñoa"); alone, it is looked up as the rest.
CREATE FUNCTION escort_search_query(words text[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  q tsquery;
  term tsquery;
  kept text[] := ARRAY(SELECT x FROM unnest(words) x WHERE to_tsvector('encanto_es'::regconfig, x) <> ''::tsvector);
BEGIN
  IF cardinality(kept) = 0 THEN kept := words; END IF;
  FOREACH w IN ARRAY kept LOOP
    term := to_tsquery('encanto_simple'::regconfig, w || ':*A') || to_tsquery('encanto_simple'::regconfig, w || ':BC');
    IF to_tsvector('encanto_es'::regconfig, w) <> ''::tsvector THEN
      term := term || to_tsquery('encanto_es'::regconfig, w || ':CD');
    END IF;
    q := CASE WHEN q IS NULL THEN term ELSE q && term END;
  END LOOP;
  RETURN q;
END $$;--> statement-breakpoint
-- Kept by triggers, as the other search columns are: after escort_profiles_search_fill (triggers run
-- in name order), which sets region_key from the comuna.
CREATE FUNCTION escort_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := coalesce((SELECT escort_search_doc(a.nickname, a.apellido, NEW.city_key, NEW.region_key,
      NEW.servicios, NEW.idiomas, NEW.legenda) FROM accounts a WHERE a.id = NEW.account_id), ''::tsvector);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER escort_profiles_text_search BEFORE INSERT OR UPDATE OF city_key, region_key, servicios, idiomas, legenda
  ON escort_profiles FOR EACH ROW EXECUTE FUNCTION escort_search_text_fill();--> statement-breakpoint
CREATE FUNCTION escort_search_text_from_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE escort_profiles e SET search_doc = escort_search_doc(NEW.nickname, NEW.apellido, e.city_key, e.region_key,
      e.servicios, e.idiomas, e.legenda)
    WHERE e.account_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_text_search AFTER UPDATE OF nickname, apellido ON accounts
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.apellido IS DISTINCT FROM NEW.apellido)
  EXECUTE FUNCTION escort_search_text_from_account();--> statement-breakpoint
-- Every row at once: here for existing rows, and after bulk loads that skip triggers (bench/seed-scale.ts).
CREATE FUNCTION escort_search_text_refresh() RETURNS void LANGUAGE sql AS $$
UPDATE escort_profiles e SET search_doc = escort_search_doc(a.nickname, a.apellido, e.city_key, e.region_key,
    e.servicios, e.idiomas, e.legenda)
  FROM accounts a WHERE a.id = e.account_id;
$$;--> statement-breakpoint
SELECT escort_search_text_refresh();--> statement-breakpoint
CREATE INDEX "escort_search_text_idx" ON "escort_profiles" USING gin ("search_doc") WHERE "escort_profiles"."public";
