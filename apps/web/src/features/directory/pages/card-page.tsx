import { useLocation, useParams } from 'react-router';
import type { EscortCard } from '@encanto/core/escorts';
import { photoUrl } from '@encanto/core/landing';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import { useCountView } from '../../../lib/api/statistics.ts';
import NotFoundPage from '../../../components/not-found-page.tsx';
import { CardView, type CardData } from '../components/card-view.tsx';
import { CardSkeleton } from '../components/card-skeleton.tsx';
import { SimilarEscorts } from '../components/similar-escorts.tsx';
import { usePublicCard } from '../api/card.ts';

/**
 * /Card/{nickname}: fetched by nickname so it works when opened directly or
 * refreshed; the listing's card from navigation state fills it while loading.
 */
export default function CardPage() {
  const { nickname = '' } = useParams();
  const location = useLocation();
  // A card the server render knew to be missing stays a 404 through hydration (usePublicCard).
  const { query, notFound } = usePublicCard(nickname);

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
      <SimilarEscorts nickname={escort.nickname} />
    </div>
  );
}
