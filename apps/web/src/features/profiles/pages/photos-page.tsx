import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { GalleryManager } from '../components/gallery-manager.tsx';
import { ProfilePhotoForm } from '../components/profile-photo-form.tsx';

/** /panel/fotos: the card's photo and the gallery, together (they were a profile block and /ImagenesUsuario). */
export default function PhotosPage() {
  return (
    <DashboardPage title="Fotos" className="profile-main">
      <ProfilePhotoForm />
      <GalleryManager />
    </DashboardPage>
  );
}
