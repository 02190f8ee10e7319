import { useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EscortCard, EscortPublic } from '@encanto/core/escorts';
import { photoUrl } from '@encanto/core/landing';
import { ApiError } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { apiKey, useApiQuery } from '../../../lib/query.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import { useCountView } from '../../../lib/api/statistics.ts';
import NotFoundPage from '../../../components/not-found-page.tsx';
import { CardView, type CardData } from '../components/card-view.tsx';
import { CardSkeleton } from '../components/card-skeleton.tsx';

export const publicCardPath = (nickname: string) => `/usuario/publico/${encodeURIComponent(nickname)}`;
const missingKey = (nickname: string) => ['directory', 'card-missing', nickname.toLowerCase()] as const;

/**
 * /Card/{nickname}: fetched by nickname so it works when opened directly or
 * refreshed; the listing's card from navigation state fills it while loading.
 */
export default function CardPage() {
  const { nickname = '' } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const path = publicCardPath(nickname);
  // The server prefetches this path for every /Card URL, so no data while
  // rendering there means 404 (unknown, pending, paused or suspended). Writing
  // that into the query cache sends it to the browser with the page, so
  // hydration renders the same 404 instead of a skeleton.
  if (typeof window === 'undefined' && queryClient.getQueryData(apiKey(path)) === undefined) {
    queryClient.setQueryData(missingKey(nickname), true);
  }
  const knownMissing = queryClient.getQueryData(missingKey(nickname)) === true;
  const query = useApiQuery<EscortPublic>(path, { enabled: !knownMissing, retry: false });
  const notFound = knownMissing || (query.error instanceof ApiError && query.error.status === 404);

  const prefill = (location.state as { escort?: EscortCard } | null)?.escort;
  const escort: CardData | undefined =
    query.data ?? (prefill?.nickname.toLowerCase() === nickname.toLowerCase() ? prefill : undefined);

  if (notFound) return <NotFoundPage />;
  if (!escort) return <CardSkeleton />;
  return <PublicCard escort={escort} />;
}

function PublicCard({ escort }: { escort: CardData }) {
  const site = useSite();
  useCountView(escort.nickname);
  const about = escort.legenda?.replace(/\s+/g, ' ').trim();
  useHead({
    title: `${escort.apellido}, escort en ${escort.ciudad} – ${site.name}`,
    description:
      about && about.length > 0
        ? `${escort.apellido}, ${escort.edad} años, ${escort.ciudad}. ${about.slice(0, 110)}${about.length > 110 ? '…' : ''}`
        : `${escort.apellido}, ${escort.edad} años, escort en ${escort.ciudad}. Fotos, medidas y contacto directo por WhatsApp en ${site.name}.`,
    canonical: `${site.url}${paths.card(escort.nickname)}`,
    ogType: 'profile',
    ...(escort.url ? { image: photoUrl(escort.url, site.url) } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${site.url}/` },
          { '@type': 'ListItem', position: 2, name: 'Escort', item: `${site.url}${paths.escorts}` },
          {
            '@type': 'ListItem',
            position: 3,
            name: escort.ciudad,
            item: `${site.url}${paths.escortsCity(escort.ciudad)}`,
          },
          {
            '@type': 'ListItem',
            position: 4,
            name: escort.apellido,
            item: `${site.url}${paths.card(escort.nickname)}`,
          },
        ],
      },
    ],
  });
  return (
    <div className="page">
      <CardView escort={escort} />
    </div>
  );
}
