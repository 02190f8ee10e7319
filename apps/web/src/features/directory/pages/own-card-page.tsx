import { Navigate, useParams } from 'react-router';
import type { EscortOwnCard } from '@encanto/core/escorts';
import { ApiError } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useApiQuery } from '../../../lib/query.ts';
import { useHydrated, useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import NotFoundPage from '../../../components/not-found-page.tsx';
import { CardView } from '../components/card-view.tsx';
import { CardSkeleton } from '../components/card-skeleton.tsx';

/**
 * /TuCard/{nickname}: the escort's own card, behind the auth guard. She sees
 * it even while pending approval, through the owner-only endpoint.
 */
export default function OwnCardPage() {
  const { nickname = '' } = useParams();
  const session = useSession();
  const hydrated = useHydrated();
  const site = useSite();
  useHead({ title: `Tu tarjeta – ${site.name}`, robots: 'noindex' });
  const query = useApiQuery<EscortOwnCard>(
    hydrated && session.signedIn ? `/usuario/tu-card/${encodeURIComponent(nickname)}` : null,
    { retry: false },
  );
  // The guard waits for hydration: the server renders every visitor as anonymous.
  if (hydrated && !session.signedIn) return <Navigate to={paths.login} replace />;
  if (query.error instanceof ApiError && [403, 404].includes(query.error.status)) return <NotFoundPage />;
  if (!query.data) return <CardSkeleton />;
  const card = query.data;
  return (
    <div className="page">
      {card.autorizado !== 'aprobado' ? (
        <p className="message own-card-notice" role="status">
          Tu perfil está pendiente de aprobación: así se verá cuando el administrador lo valide.
        </p>
      ) : !card.listado ? (
        <p className="message own-card-notice" role="status">
          Tu perfil no aparece en los listados mientras esté inactivo, pausado o sin una foto tuya.
        </p>
      ) : null}
      <CardView escort={card} own />
    </div>
  );
}
