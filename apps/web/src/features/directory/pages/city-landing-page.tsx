import { Link, useParams } from 'react-router';
import type { EscortCard } from '@encanto/core/escorts';
import {
  cityFetchNames,
  cityFetchPath,
  cityPageDescription,
  cityPageHeading,
  cityPageJsonLd,
  cityPageTitle,
  findCityPage,
  frequentSearches,
  linaresSection,
  photoUrl,
  verifiedLine,
  type CityPage,
} from '@encanto/core/landing';
import { msg } from '@encanto/core/messages';
import { EscortGrid } from '../../../components/escort-card.tsx';
import { useHead } from '../../../lib/head.tsx';
import { useApiQuery } from '../../../lib/query.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import NotFoundPage from '../../../components/not-found-page.tsx';
import { GridSkeleton } from '../components/grid-skeleton.tsx';

/** /escorts/{slug}: one of the 56 city landing pages; any other slug is the 404 page. */
export default function CityLandingPage() {
  const { slug = '' } = useParams();
  const page = findCityPage(slug);
  if (!page) return <NotFoundPage />;
  return <CityLanding key={page.slug} page={page} />;
}

/** The spec's fetch: one request, or for Chillán and Los Ángeles a second unaccented one when the first is empty. */
function useCityEscorts(page: CityPage) {
  const [first, retry] = cityFetchNames(page);
  const primary = useApiQuery<EscortCard[]>(cityFetchPath(first!));
  const needRetry = retry !== undefined && (primary.isError || primary.data?.length === 0);
  const second = useApiQuery<EscortCard[]>(needRetry ? cityFetchPath(retry) : null);
  const source = needRetry ? second : primary;
  return { escorts: source.data ?? [], loading: primary.isPending || (needRetry && second.isPending) };
}

function CityLanding({ page }: { page: CityPage }) {
  const site = useSite();
  const { escorts, loading } = useCityEscorts(page);
  const canonical = `${site.url}${paths.cityLanding(page.slug)}`;
  const first = escorts.find((e) => e.url);
  useHead({
    title: cityPageTitle(page, site.name),
    description: cityPageDescription(page, site.name),
    canonical,
    robots: 'index,follow',
    ...(first ? { image: photoUrl(first.url, site.url) } : {}),
    jsonLd: cityPageJsonLd(page, { siteName: site.name, siteUrl: site.url, escorts }),
  });

  return (
    <article className="page city-landing">
      <nav aria-label="Ruta de navegación" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.home}>Inicio</Link>
          </li>
          <li>
            <Link to={paths.escorts}>Escort</Link>
          </li>
          <li aria-current="page">{page.city}</li>
        </ol>
      </nav>
      <header className="city-landing-header">
        <h1 className="page-title">{cityPageHeading(page)}</h1>
        <p className="city-landing-lead">
          {page.region} ·{' '}
          {escorts.length > 0
            ? `${escorts.length} ${escorts.length === 1 ? 'perfil verificado' : 'perfiles verificados'}`
            : 'Perfiles verificados'}
        </p>
      </header>

      {loading ? (
        <GridSkeleton />
      ) : escorts.length > 0 ? (
        <EscortGrid escorts={escorts} city={page.city} label={`Escorts en ${page.city}`} />
      ) : (
        <p className="empty">{msg.noEscortsIn(page.city)}</p>
      )}

      {page.slug === 'linares' ? (
        <section className="city-landing-text" aria-labelledby="linares-texto">
          <h2 id="linares-texto">{linaresSection.heading}</h2>
          {linaresSection.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ) : null}

      <footer className="city-landing-footer">
        <h2>Búsquedas frecuentes</h2>
        <ul className="city-landing-searches">
          {frequentSearches(page).map((s) => (
            <li key={s.label}>
              <Link to={s.to} className="chip chip-link">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="city-landing-verified">{verifiedLine(page)}</p>
        <p>
          <Link to={paths.escorts} className="button button-secondary">
            Buscar en otra comuna
          </Link>
        </p>
      </footer>
    </article>
  );
}
