-- Best of 7 EXPLAIN ANALYZE execution times of the search's page and count queries, on a database
-- seeded by bench/discovery.ts with DISCOVERY_KEEP=true:  psql -h 127.0.0.1 -U postgres bench_discovery -f bench/discovery-best-of.sql
-- (bench/RESULTS.md, decision 0101). The count is the app's searchTotal form (at most 10,001 entries).
\pset pager off
create or replace function pg_temp.ms(q text) returns numeric language plpgsql as $$
declare r record; t numeric; best numeric := 1e9; i int;
begin
  for i in 1..7 loop
    for r in execute 'explain (analyze, format json, timing off) ' || q loop
      t := (r."QUERY PLAN"->0->>'Execution Time')::numeric;
    end loop;
    best := least(best, t);
  end loop;
  return best;
end $$;
with c(label, w, m, ord) as (values
 ('(none), recientes', $$true$$, $$true$$, 'has_photo desc, created_at desc, account_id desc'),
 ('santiago, calificacion', $$city_key='santiago'$$, $$city_key='santiago'$$, 'rating_score desc, rating_count desc, account_id desc'),
 ('santiago+Transexual', $$city_key='santiago' and genero='Transexual'$$, $$city_key='santiago' and genero='Transexual'$$, 'has_photo desc, created_at desc, account_id desc'),
 ('santiago+edad25-35', $$city_key='santiago'$$, $$city_key='santiago' and fecha_nac <= '2001-11-25' and fecha_nac > '1990-11-25'$$, 'has_photo desc, created_at desc, account_id desc'),
 ('Masculino+40 calif', $$genero='Masculino'$$, $$genero='Masculino' and fecha_nac <= '1986-11-25'$$, 'rating_score desc, rating_count desc, account_id desc'),
 ('RM 5 filters comentarios', $$region_key='metropolitana-de-santiago' and genero='Transexual'$$, $$region_key='metropolitana-de-santiago' and genero='Transexual' and fecha_nac > '1995-11-25' and estado='disponible' and gallery_count>0$$, 'comment_count desc, account_id desc'),
 ('temuco+disponible calif', $$city_key='temuco'$$, $$city_key='temuco' and estado='disponible'$$, 'rating_score desc, rating_count desc, account_id desc'),
 ('santiago+fotos', $$city_key='santiago' and fotos_verificadas$$, $$city_key='santiago' and fotos_verificadas$$, 'has_photo desc, created_at desc, account_id desc')
)
select label,
 pg_temp.ms(format('select s.account_id, a.nickname, t.count from (select account_id from escort_profiles where public and %s order by %s limit 25) s join accounts a on a.id = s.account_id left join rating_totals t on t.account_id = s.account_id', m, ord)) as page_ms,
 pg_temp.ms(format('select (count(*) filter (where m))::int, count(*) from (select (public and %s) m from escort_profiles where public and %s order by genero limit 10001) e', m, w)) as count_ms
from c;
