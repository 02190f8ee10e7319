import { Link } from 'react-router';
import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useEscortProfile } from '../api/profile.ts';
import { EscortDataForm } from '../components/escort-data-form.tsx';
import { ProfileSkeleton } from '../components/profile-skeleton.tsx';

/** /panel/perfil: the escort's data (the form that was the middle of the old /ProfileUsuario). */
export default function EscortProfilePage() {
  const { rut } = useSession();
  const profile = useEscortProfile(rut);
  return (
    <DashboardPage title="Perfil">
      {profile.isPending ? (
        <ProfileSkeleton label="Cargando perfil..." />
      ) : profile.isError || !profile.data ? (
        <p className="message message-error" role="alert">
          {errorText(profile.error, 'No se pudo cargar tu perfil.')}
        </p>
      ) : (
        <>
          <EscortDataForm profile={profile.data} />
          <p className="dashboard-more">
            <Link to={paths.changeCity}>Cambiar ciudad</Link>
            <Link to={paths.rentals}>Arriendos</Link>
            <Link to={paths.ownCard(profile.data.nickname)}>Ver mi tarjeta</Link>
          </p>
        </>
      )}
    </DashboardPage>
  );
}
