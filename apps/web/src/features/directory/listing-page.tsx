import { useParams } from 'react-router';
import type { EscortCard } from '@encanto/core/escorts';
import { findPickerComuna } from '@encanto/core/geo-picker';
import { msg } from '@encanto/core/messages';
import { EscortGrid } from '../../components/escort-card.tsx';
import { AuthorizationAlert } from '../../components/authorization-alert.tsx';
import { useHead } from '../../lib/head.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSite } from '../../lib/site.tsx';
import { paths } from '../../config/paths.ts';
import { CityPicker } from './components/city-picker.tsx';
import { GridSkeleton } from './components/grid-skeleton.tsx';

/**
 * /Escort (latest) and /Escort/{city}. /Escort/La-Serena has its own route and
 * passes its segment, and its city name from navigation state.
 */
export default function ListingPage({
  cityName: givenName,
  segment: givenSegment,
}: {
  cityName?: string | undefined;
  segment?: string | undefined;
}) {
  const { city } = useParams();
  const segment = givenSegment ?? city;
  const site = useSite();
  const match = segment ? findPickerComuna(segment) : undefined;
  const cityName = givenName ?? match?.comuna ?? segment?.replace(/-/g, ' ');
  const path = segment ? `/usuario/ciudad/${encodeURIComponent(segment)}` : '/ultimos';
  const query = useApiQuery<EscortCard[]>(path);
  const title = cityName ? `Escorts ${cityName}` : '¡Últimas escorts registradas!';
  useHead({
    title: `${title} – ${site.name}`,
    description: cityName
      ? `Escorts verificadas en ${cityName}: fotos, edad y contacto directo en ${site.name}.`
      : `Las últimas escorts verificadas registradas en ${site.name}, en todo Chile.`,
    canonical: `${site.url}${cityName ? paths.escortsCity(cityName) : paths.escorts}`,
  });
  // A failed load reads as an empty list, as the spec says.
  const escorts = query.data ?? [];
  return (
    <section className="page listing">
      {/* validation: pending alert */}
      <AuthorizationAlert />
      <h1 className="page-title">{title}</h1>
      <CityPicker key={match?.comuna ?? 'none'} active={match} />
      {query.isPending ? (
        <GridSkeleton />
      ) : escorts.length > 0 ? (
        <EscortGrid escorts={escorts} city={cityName} label={title} />
      ) : cityName ? (
        <p className="empty">{msg.noUsersIn(cityName)}</p>
      ) : null}
    </section>
  );
}
