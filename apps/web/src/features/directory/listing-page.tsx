import { Link, useParams } from 'react-router';
import { findPickerComuna, findPickerRegion, pickerRegionSlug } from '@encanto/core/geo-picker';
import { msg } from '@encanto/core/messages';
import type { ListingPlace } from '@encanto/core/search-params';
import { slugify } from '@encanto/core/text';
import { AuthorizationAlert } from '../../components/authorization-alert.tsx';
import NotFoundPage from '../../components/not-found-page.tsx';
import { useHead } from '../../lib/head.tsx';
import { useSite } from '../../lib/site.tsx';
import { paths } from '../../config/paths.ts';
import { CityPicker } from './components/city-picker.tsx';
import { SearchResults } from './components/search-results.tsx';
import { useListingUrl } from './components/use-listing-url.ts';

/**
 * /Escort (everyone), /Escort/{comuna} and /Escort/region/{region}. /Escort/La-Serena has its
 * own route and passes its segment, and its city name from navigation state. An unknown comuna
 * or region is the 404 page, never a page titled with the address's words.
 */
export default function ListingPage({
  cityName: givenName,
  segment: givenSegment,
}: {
  cityName?: string | undefined;
  segment?: string | undefined;
}) {
  const { city, region: regionParam } = useParams();
  const segment = givenSegment ?? city;
  const match = segment ? findPickerComuna(segment) : undefined;
  const region = regionParam !== undefined ? findPickerRegion(regionParam) : undefined;
  if ((segment && !match) || (regionParam !== undefined && !region)) return <NotFoundPage />;
  if (region) {
    return (
      <Listing
        key={region.slug}
        title={`Escorts en ${region.name}`}
        canonicalPath={paths.escortsRegion(region.slug)}
        place={{ region: region.slug }}
        picker={{ zone: region.zone, region: region.name }}
        placeName={region.name}
        emptyText={msg.noUsersIn(region.name)}
        description={`Escorts verificadas en la región de ${region.name}`}
      />
    );
  }
  const cityName = match ? (givenName ?? match.comuna) : undefined;
  return (
    <Listing
      key={match?.comuna ?? 'todas'}
      title={cityName ? `Escorts ${cityName}` : '¡Últimas escorts registradas!'}
      canonicalPath={match ? paths.escortsCity(match.comuna) : paths.escorts}
      place={match ? { comuna: slugify(match.comuna) } : {}}
      picker={match}
      cityName={cityName}
      regionLink={
        match ? { name: match.region, to: paths.escortsRegion(pickerRegionSlug(match.region)) } : undefined
      }
      emptyText={cityName ? msg.noUsersIn(cityName) : msg.noMatches}
      description={cityName ? `Escorts verificadas en ${cityName}` : undefined}
    />
  );
}

function Listing({
  title,
  canonicalPath,
  place,
  picker,
  cityName,
  placeName,
  regionLink,
  emptyText,
  description,
}: {
  title: string;
  canonicalPath: string;
  place: ListingPlace;
  picker: Parameters<typeof CityPicker>[0]['active'];
  cityName?: string | undefined;
  placeName?: string | undefined;
  regionLink?: { name: string; to: string } | undefined;
  emptyText: string;
  description: string | undefined;
}) {
  const site = useSite();
  const { narrowed } = useListingUrl();
  useHead({
    title: `${title} – ${site.name}`,
    description: description
      ? `${description}: fotos, edad y contacto directo en ${site.name}.`
      : `Las últimas escorts verificadas registradas en ${site.name}, en todo Chile.`,
    canonical: `${site.url}${canonicalPath}`,
    // Filters and later pages are views of the plain list: followed, not indexed.
    ...(narrowed ? { robots: 'noindex,follow' } : {}),
  });
  return (
    <section className="page listing">
      {/* validation: pending alert */}
      <AuthorizationAlert />
      <h1 className="page-title">{title}</h1>
      <CityPicker
        key={`${picker?.region ?? ''}:${picker && 'comuna' in picker ? picker.comuna : ''}`}
        active={picker}
      />
      {regionLink ? (
        <p className="listing-region-link">
          <Link to={regionLink.to}>Ver todas las escorts de la región {regionLink.name}</Link>
        </p>
      ) : null}
      <SearchResults
        place={place}
        city={cityName}
        placeName={placeName}
        label={title}
        emptyText={emptyText}
      />
    </section>
  );
}
