import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { PhotoVerificationSection } from '../../../components/safety/photo-verification-section.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEscortProfile } from '../api/profile.ts';
import { GalleryManager } from '../components/gallery-manager.tsx';
import { ProfilePhotoForm } from '../components/profile-photo-form.tsx';

/**
 * /panel/fotos: the card's photo and the gallery, together (they were a profile block and /ImagenesUsuario),
 * and the request to have them verified (decision 0082), which concerns exactly these photos.
 */
export default function PhotosPage() {
  const { rut } = useSession();
  const profile = useEscortProfile(rut);
  return (
    <DashboardPage title="Fotos" className="profile-main">
      <ProfilePhotoForm />
      <GalleryManager />
      {profile.data ? <PhotoVerificationSection approved={profile.data.autorizado === 'aprobado'} /> : null}
    </DashboardPage>
  );
}
