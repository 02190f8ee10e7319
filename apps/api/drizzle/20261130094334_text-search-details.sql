-- A word that names one comuna (decision 0196). Through the whole document it found every profile
-- placed there, each a table row read and sorted for the newest (1,728 for "providencia" at 1,000,000
-- profiles). Such a search now reads the comuna's newest through escort_search_city_recientes_idx and
-- the word's other matches through search_details: the document without its comuna (weight B),
-- computed by PostgreSQL after the triggers that keep search_doc. Both GIN indexes cover listed
-- profiles only, as every text search asks: over all public ones, a fifth of a comuna's candidates
-- were profiles not available that the search then dropped.
DROP INDEX "escort_search_text_idx";--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "search_details" "tsvector" GENERATED ALWAYS AS (ts_filter(search_doc, '{a,c,d}')) STORED;--> statement-breakpoint
CREATE INDEX "escort_search_details_idx" ON "escort_profiles" USING gin ("search_details") WHERE "escort_profiles"."public" and "escort_profiles"."listed";--> statement-breakpoint
CREATE INDEX "escort_search_text_idx" ON "escort_profiles" USING gin ("search_doc") WHERE "escort_profiles"."public" and "escort_profiles"."listed";