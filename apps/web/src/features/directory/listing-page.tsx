import { useParams } from 'react-router';
import type { EscortCard } from '@encanto/core/escorts';
import { findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import { EscortGrid } from '../../components/escort-card.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { useHead } from '../../lib/head.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSite } from '../../lib/site.tsx';
import { paths } from '../../config/paths.ts';

/** /Escort (latest) and /Escort/{city}. */
export default function ListingPage() {
  const { city: segment } = useParams();
  const site = useSite();
  const comuna = segment ? findComuna(segment) : undefined;
  const cityName = comuna?.name ?? segment?.replace(/-/g, ' ');
  const path = segment ? `/usuario/ciudad/${encodeURIComponent(segment)}` : '/ultimos';
  const query = useApiQuery<EscortCard[]>(path);
  const title = cityName ? `Escorts ${cityName}` : 'Ultimas Escort Registradas!';
  useHead({
    title: `${title} – ${site.name}`,
    description: cityName
      ? `Escorts verificadas en ${cityName}: fotos, edad y contacto directo en ${site.name}.`
      : `Las últimas escorts verificadas registradas en ${site.name}, en todo Chile.`,
    canonical: `${site.url}${segment ? paths.escortsCity(cityName ?? segment) : paths.escorts}`,
  });
  const escorts = query.data ?? [];
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      {query.isPending ? (
        <PageSkeleton />
      ) : escorts.length > 0 ? (
        <EscortGrid escorts={escorts} />
      ) : cityName ? (
        <p className="empty">{msg.noUsersIn(cityName)}</p>
      ) : null}
    </section>
  );
}
