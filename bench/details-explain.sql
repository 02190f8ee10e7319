-- Profile details filters (decision 0103): count and page plans at 100,000 synthetic profiles, without and
-- with the two detail indexes. Run: psql $URL -v with_new=false -f bench/details-explain.sql (then true).
-- Works in its own schema (bench_details), dropped and rebuilt on each run.
\timing off
drop schema if exists bench_details cascade;
create schema bench_details;
set search_path = bench_details;
create table escort_profiles (
  account_id uuid primary key, city_key text not null, public boolean not null, has_photo boolean not null,
  created_at timestamptz not null, tarifa_desde integer, servicios text[] not null default '{}', atiende text);
-- 100,000 profiles, 95% public, a fifth in santiago; 3 in 4 state details; each service ~35%.
insert into escort_profiles
select md5(i::text)::uuid,
  case when i % 5 = 0 then 'santiago' else 'c' || (i % 300) end,
  i % 20 <> 0, i % 10 <> 0, now() - (i || ' minutes')::interval,
  case when i % 4 = 0 then null else 50000 + (hashint4(i) & 31) * 10000 end,
  case when i % 4 = 0 then '{}'::text[] else array(select s from unnest(array['cena_evento','acompanamiento','masajes','pernoctar','fin_de_semana','viajes','despedidas','parejas','baile_privado','trato_de_pareja','juego_de_roles','videollamada']) with ordinality as t(s, n) where (hashint4(i * 13 + n::int) & 255) < 90) end,
  case when i % 4 = 0 then null else (array['en_su_lugar','a_domicilio','ambos'])[1 + (i % 3)] end
from generate_series(1, 100000) i;
create index escort_search_city_recientes_idx on escort_profiles (city_key, has_photo, created_at, account_id) where public;
create index escort_search_all_recientes_idx on escort_profiles (has_photo, created_at, account_id) where public;
\if :with_new
create index escort_search_servicios_idx on escort_profiles using gin (servicios) where public;
create index escort_search_city_tarifa_idx on escort_profiles (city_key, tarifa_desde) where public and tarifa_desde is not null;
\endif
analyze escort_profiles;
\echo '--- count: santiago + servicio=despedidas'
explain (analyze, costs off, timing on, summary on) select count(*) from (select 1 from escort_profiles where public and city_key = 'santiago' and servicios @> array['despedidas']::text[] limit 10001) m;
\echo '--- count: all + servicio=masajes&servicio=viajes'
explain (analyze, costs off, timing on, summary on) select count(*) from (select 1 from escort_profiles where public and servicios @> array['masajes','viajes']::text[] limit 10001) m;
\echo '--- count: santiago + tarifa_max=80000'
explain (analyze, costs off, timing on, summary on) select count(*) from (select 1 from escort_profiles where public and city_key = 'santiago' and tarifa_desde <= 80000 limit 10001) m;
\echo '--- count: c7 + servicio=viajes + tarifa_max=100000 + atiende=a_domicilio'
explain (analyze, costs off, timing on, summary on) select count(*) from (select 1 from escort_profiles where public and city_key = 'c7' and servicios @> array['viajes']::text[] and tarifa_desde <= 100000 and atiende in ('a_domicilio','ambos') limit 10001) m;
\echo '--- page: santiago + servicio=despedidas, recientes, 24'
explain (analyze, costs off, timing on, summary on) select account_id from escort_profiles where public and city_key = 'santiago' and servicios @> array['despedidas']::text[] order by has_photo desc, created_at desc, account_id desc limit 25;
\echo '--- page: santiago + tarifa_max=60000, recientes, 24'
explain (analyze, costs off, timing on, summary on) select account_id from escort_profiles where public and city_key = 'santiago' and tarifa_desde <= 60000 order by has_photo desc, created_at desc, account_id desc limit 25;
