import { Link, useParams } from 'react-router';
import { pickerRegionSlug } from '@encanto/core/geo-picker';
import {
  cityListingPath,
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
import { profileCount } from '@encanto/core/search-params';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import NotFoundPage from '../../../components/not-found-page.tsx';
import { SearchResults, useListingResults } from '../components/search-results.tsx';

/** /escorts/{slug}: one of the 56 city landing pages; any other slug is the 404 page. */
export default function CityLandingPage() {
  const { slug = '' } = useParams();
  const page = findCityPage(slug);
  if (!page) return <NotFoundPage />;
  return <CityLanding key={page.slug} page={page} />;
}

function CityLanding({ page }: { page: CityPage }) {
  const site = useSite();
  const place = { ciudad: page.slug };
  // The same call SearchResults makes (one request): its first cards feed the JSON-LD and photo.
  const { url, query } = useListingResults(place);
  const escorts = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const canonical = `${site.url}${paths.cityLanding(page.slug)}`;
  const first = escorts.find((e) => e.url);
  useHead({
    title: cityPageTitle(page, site.name),
    description: cityPageDescription(page, site.name),
    canonical,
    robots: url.narrowed ? 'noindex,follow' : 'index,follow',
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
          {total > 0 && !url.narrowed
            ? profileCount(
                total,
                query.data?.total_exacto ?? true,
                'perfil verificado',
                'perfiles verificados',
              )
            : 'Perfiles verificados'}
        </p>
        <p className="listing-region-link">
          <Link to={paths.escortsRegion(pickerRegionSlug(page.region))}>
            Ver todas las escorts de la región {page.region}
          </Link>
          {' · '}
          <Link to={cityListingPath(page)}>Escorts de la comuna</Link>
        </p>
      </header>

      <SearchResults
        place={place}
        city={page.city}
        label={`Escorts en ${page.city}`}
        emptyText={msg.noEscortsIn(page.city)}
      />

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
