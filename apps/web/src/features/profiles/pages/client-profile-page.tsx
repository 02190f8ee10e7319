import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { AuthorizationAlert } from '../../../components/authorization-alert.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useClientProfile } from '../api/profile.ts';
import { ClientDataForm } from '../components/client-data-form.tsx';
import { ProfileAvatar } from '../components/profile-avatar.tsx';
import { ProfileSkeleton } from '../components/profile-skeleton.tsx';

/** /mi-cuenta/perfil: the client's own data and photo (password and data rights are in Cuenta). */
export default function ClientProfilePage() {
  const { rut } = useSession();
  const query = useClientProfile(rut);
  const profile = query.data?.[0];
  return (
    <DashboardPage title="Perfil" className="profile-main">
      <AuthorizationAlert />
      {query.isPending ? (
        <ProfileSkeleton label="Cargando perfil del cliente..." />
      ) : query.isError || !profile ? (
        <p className="message message-error" role="alert">
          {errorText(query.error, 'No se pudo cargar tu perfil.')}
        </p>
      ) : (
        <>
          <div className="profile-sidebar-head dashboard-card">
            <ProfileAvatar url={profile.url} name={profile.apellido || profile.nickname} />
            <div>
              <p className="profile-sidebar-name">{profile.apellido || profile.nickname}</p>
              <p className="profile-sidebar-nick">@{profile.nickname}</p>
            </div>
          </div>
          <ClientDataForm profile={profile} />
        </>
      )}
    </DashboardPage>
  );
}
