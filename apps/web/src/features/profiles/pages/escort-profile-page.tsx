import { ChangePasswordForm } from '../../../components/change-password-form.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { AuthorizationAlert } from '../../../components/authorization-alert.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useEscortProfile } from '../api/profile.ts';
import { EscortDataForm } from '../components/escort-data-form.tsx';
import { EstadoSection } from '../components/estado-section.tsx';
import { ProfilePhotoForm } from '../components/profile-photo-form.tsx';
import { EscortSidebar } from '../components/profile-sidebar.tsx';
import { ProfileSkeleton } from '../components/profile-skeleton.tsx';
import { ReviewNotice } from '../components/review-notice.tsx';
import { PendingRequests } from '../../../components/requests/pending-requests.tsx';
import { ClientsToRate } from '../../../components/requests/to-rate.tsx';
import { MyDataSection } from '../../../components/my-data/my-data-section.tsx';
import { SecuritySection } from '../../../components/security/security-section.tsx';
import { NotificationSettings } from '../../../components/notifications/notification-settings.tsx';
import { PhotoVerificationSection } from '../../../components/safety/photo-verification-section.tsx';
import { CheckinSection } from '../../../components/safety/checkin-section.tsx';

/** /ProfileUsuario: where an approved escort lands after login. */
export default function EscortProfilePage() {
  const site = useSite();
  useHead({ title: `Mi perfil – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="usuario">
      <EscortProfile />
    </RequireAuth>
  );
}

function EscortProfile() {
  const { rut } = useSession();
  const profile = useEscortProfile(rut);

  if (profile.isPending) return <ProfileSkeleton label="Cargando perfil..." />;
  if (profile.isError || !profile.data) {
    return (
      <div className="page">
        <p className="message message-error" role="alert">
          {errorText(profile.error, 'No se pudo cargar tu perfil.')}
        </p>
      </div>
    );
  }
  const p = profile.data;

  return (
    <div className="page profile-page">
      {/* validation alert */}
      <AuthorizationAlert />
      <h1 className="page-title visually-hidden">Mi perfil</h1>
      <div className="profile-layout">
        <EscortSidebar
          url={p.url}
          apellido={p.apellido}
          nickname={p.nickname}
          verified={p.autorizado === 'aprobado'}
        />
        <div className="profile-main">
          <ReviewNotice />
          <EstadoSection rut={p.rut_usuario} estado={p.estado} />
          <EscortDataForm profile={p} />
          <ProfilePhotoForm />
          <PhotoVerificationSection approved={p.autorizado === 'aprobado'} />
          <CheckinSection />
          <div id="solicitudes" tabIndex={-1} className="profile-slot">
            <PendingRequests />
          </div>
          <div id="cambiar-contrasena" tabIndex={-1} className="profile-slot">
            <ChangePasswordForm />
          </div>
          <div id="calificar-clientes" tabIndex={-1} className="profile-slot">
            <ClientsToRate />
          </div>
          <NotificationSettings />
          <SecuritySection />
          <MyDataSection />
        </div>
      </div>
    </div>
  );
}
