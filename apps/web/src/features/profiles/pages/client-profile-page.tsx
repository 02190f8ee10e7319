import { ChangePasswordForm } from '../../../components/change-password-form.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { AuthorizationAlert } from '../../../components/authorization-alert.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useClientProfile } from '../api/profile.ts';
import { ClientDataForm } from '../components/client-data-form.tsx';
import { ProfileAvatar } from '../components/profile-avatar.tsx';
import { ProfileSkeleton } from '../components/profile-skeleton.tsx';
import { MyDataSection } from '../../../components/my-data/my-data-section.tsx';
import { SecuritySection } from '../../../components/security/security-section.tsx';
import { NotificationSettings } from '../../../components/notifications/notification-settings.tsx';

/** /profileCliente: the client's own data, photo and password. */
export default function ClientProfilePage() {
  const site = useSite();
  useHead({ title: `Mi perfil – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="cliente">
      <ClientProfile />
    </RequireAuth>
  );
}

function ClientProfile() {
  const { rut } = useSession();
  const query = useClientProfile(rut);

  if (query.isPending) return <ProfileSkeleton label="Cargando perfil del cliente..." />;
  const profile = query.data?.[0];
  if (query.isError || !profile) {
    return (
      <div className="page">
        <p className="message message-error" role="alert">
          {errorText(query.error, 'No se pudo cargar tu perfil.')}
        </p>
      </div>
    );
  }

  return (
    <div className="page profile-page">
      {/* validation alert */}
      <AuthorizationAlert />
      <h1 className="page-title visually-hidden">Mi perfil</h1>
      <div className="profile-layout">
        <aside className="profile-sidebar" aria-label="Tu foto">
          <div className="profile-sidebar-head">
            <ProfileAvatar url={profile.url} name={profile.apellido || profile.nickname} />
            <div>
              <p className="profile-sidebar-name">{profile.apellido || profile.nickname}</p>
              <p className="profile-sidebar-nick">@{profile.nickname}</p>
            </div>
          </div>
        </aside>
        <div className="profile-main">
          <ClientDataForm profile={profile} />
          <div id="cambiar-contrasena" tabIndex={-1} className="profile-slot">
            <ChangePasswordForm />
          </div>
          <NotificationSettings />
          <SecuritySection />
          <MyDataSection />
        </div>
      </div>
    </div>
  );
}
