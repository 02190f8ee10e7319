-- The condition of `?q=` (decision 0185): the same matches as escort_search_query, written so that
-- PostgreSQL's estimate names each word once. The estimate ignores weights, so in
-- 'w':*A | 'w':BC the word counted twice and a comuna was estimated at two to three times its
-- matches; at 1,000,000 profiles that made the window's walk look cheaper than the GIN index for
-- "providencia" and cost 100 times more. Per word w, with A a name starting with w, E a place word
-- equal to w, P a place word starting with w (E implies P) and S the Spanish stem in the details:
--   A or E or S  =  (A or P or S) and not (P and not E and not A and not S)
-- The first part (escort_search_match) is what the GIN index reads, two entries per word, and its
-- estimate is about w's own share; the second (escort_search_mismatch: the documents of any word's
-- first part that are not its match) is a filter whose estimate is near nothing. ts_rank keeps
-- escort_search_query. The three read the same words (escort_search_words), so the rule for stop
-- words is written once.
-- The words a query looks up (decision 0163): a Spanish stop word ("en", "la") narrows nothing beside
-- other words ("masajes en ñuñoa"); alone, it is looked up as the rest.
CREATE FUNCTION escort_search_words(words text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cardinality(kept) = 0 THEN words ELSE kept END
  FROM (SELECT ARRAY(SELECT x FROM unnest(words) x
    WHERE to_tsvector('encanto_es'::regconfig, x) <> ''::tsvector) AS kept) k
$$;--> statement-breakpoint
-- The migration text-search's query, the same, on those words.
CREATE OR REPLACE FUNCTION escort_search_query(words text[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  q tsquery;
  term tsquery;
BEGIN
  FOREACH w IN ARRAY escort_search_words(words) LOOP
    term := to_tsquery('encanto_simple'::regconfig, w || ':*A') || to_tsquery('encanto_simple'::regconfig, w || ':BC');
    IF to_tsvector('encanto_es'::regconfig, w) <> ''::tsvector THEN
      term := term || to_tsquery('encanto_es'::regconfig, w || ':CD');
    END IF;
    q := CASE WHEN q IS NULL THEN term ELSE q && term END;
  END LOOP;
  RETURN q;
END $$;--> statement-breakpoint
CREATE FUNCTION escort_search_match(words text[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  q tsquery;
  term tsquery;
BEGIN
  FOREACH w IN ARRAY escort_search_words(words) LOOP
    term := to_tsquery('encanto_simple'::regconfig, w || ':*ABC');
    IF to_tsvector('encanto_es'::regconfig, w) <> ''::tsvector THEN
      term := term || to_tsquery('encanto_es'::regconfig, w || ':CD');
    END IF;
    q := CASE WHEN q IS NULL THEN term ELSE q && term END;
  END LOOP;
  RETURN q;
END $$;--> statement-breakpoint
CREATE FUNCTION escort_search_mismatch(words text[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  q tsquery;
  term tsquery;
BEGIN
  FOREACH w IN ARRAY escort_search_words(words) LOOP
    term := to_tsquery('encanto_simple'::regconfig, w || ':*BC')
      && !!to_tsquery('encanto_simple'::regconfig, w || ':BC')
      && !!to_tsquery('encanto_simple'::regconfig, w || ':*A');
    IF to_tsvector('encanto_es'::regconfig, w) <> ''::tsvector THEN
      term := term && !!to_tsquery('encanto_es'::regconfig, w || ':CD');
    END IF;
    q := CASE WHEN q IS NULL THEN term ELSE q || term END;
  END LOOP;
  RETURN q;
END $$;
