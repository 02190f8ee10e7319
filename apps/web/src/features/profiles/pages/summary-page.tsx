import { Link } from 'react-router';
import { AuthorizationAlert } from '../../../components/authorization-alert.tsx';
import { ApprovedMessage } from '../../../components/dashboard/approved-message.tsx';
import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { PendingRequests } from '../../../components/requests/pending-requests.tsx';
import { CheckinSection } from '../../../components/safety/checkin-section.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useEscortProfile } from '../api/profile.ts';
import { EstadoSection } from '../components/estado-section.tsx';
import { ListingChecklist } from '../components/listing-checklist.tsx';
import { ProfileAvatar } from '../components/profile-avatar.tsx';
import { ProfileSkeleton } from '../components/profile-skeleton.tsx';
import { ReviewNotice } from '../components/review-notice.tsx';
import { StatsTotalsView } from '../components/stats-totals.tsx';
import { useStats } from '../../../lib/api/statistics.ts';
import { statsTotals } from '@encanto/core/statistics';

/**
 * /panel: where an approved escort lands (after login and after approval).
 * Her status and what needs her: a hidden profile, the verification, the
 * status switch and the requests waiting for an answer.
 */
export default function SummaryPage() {
  const { rut } = useSession();
  const profile = useEscortProfile(rut);
  const p = profile.data;
  return (
    <DashboardPage title="Resumen" className="profile-main">
      <ApprovedMessage>¡Tu cuenta fue aprobada! Tu tarjeta ya se muestra en el sitio.</ApprovedMessage>
      <AuthorizationAlert />
      <ReviewNotice />
      {profile.isPending ? (
        <ProfileSkeleton label="Cargando perfil..." />
      ) : profile.isError || !p ? (
        <p className="message message-error" role="alert">
          {errorText(profile.error, 'No se pudo cargar tu perfil.')}
        </p>
      ) : (
        <>
          <div className="form-card dashboard-card summary-head">
            <ProfileAvatar url={p.url} name={p.apellido || p.nickname} size={88} />
            <div className="summary-who">
              <p className="profile-sidebar-name">{p.apellido || p.nickname}</p>
              <p className="profile-sidebar-nick">@{p.nickname}</p>
              {p.autorizado === 'aprobado' ? (
                <p className="summary-verified">
                  <Icon name="check" size={18} /> Cuenta verificada
                </p>
              ) : (
                <Link to={paths.uploadDocEscort} className="summary-verify">
                  <Icon name="alert" size={18} /> Verificar cuenta
                </Link>
              )}
              <Link to={paths.ownCard(p.nickname)} className="summary-card-link">
                Ver mi tarjeta
              </Link>
            </div>
          </div>
          {p.autorizado === 'aprobado' ? <ListingChecklist missing={p.falta_para_listado} /> : null}
          <EstadoSection rut={p.rut_usuario} estado={p.estado} />
        </>
      )}
      <LastThirtyDays />
      <div id="solicitudes" tabIndex={-1} className="profile-slot">
        <PendingRequests />
      </div>
      {p ? <CheckinSection approved={p.autorizado === 'aprobado'} /> : null}
    </DashboardPage>
  );
}

/** "Last 30 days at a glance": the four totals, and the way to the full statistics. */
function LastThirtyDays() {
  const stats = useStats(60);
  if (!stats.data) return null;
  return (
    <section className="form-card" aria-labelledby="resumen-30-dias">
      <div className="requests-head">
        <h2 id="resumen-30-dias" className="dashboard-section-title">
          Tus últimos 30 días
        </h2>
        <Link to={paths.statistics} className="requests-all">
          Ver estadísticas
        </Link>
      </div>
      <StatsTotalsView
        current={statsTotals(stats.data.slice(-30))}
        previous={statsTotals(stats.data.slice(0, -30))}
      />
    </section>
  );
}
