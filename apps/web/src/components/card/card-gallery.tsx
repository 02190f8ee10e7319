import { useSession } from '../../lib/session.ts';
import { useOwnGallery, usePublicGallery } from '../../lib/api/gallery.ts';
import { GalleryGrid } from '../gallery-grid.tsx';

/**
 * The gallery block of a profile card. On her own card an escort sees her
 * gallery even before approval; visitors see it only for public profiles.
 */
export function CardGallery({
  nickname,
  name,
  own = false,
}: {
  nickname: string;
  name: string;
  own?: boolean;
}) {
  const session = useSession();
  const mine = own && session.nickname?.toLowerCase() === nickname.toLowerCase();
  const ownQuery = useOwnGallery(mine ? nickname : null);
  const publicQuery = usePublicGallery(nickname, !mine);
  const items = (mine ? ownQuery.data : publicQuery.data)?.imagenes ?? [];
  const loading = mine ? ownQuery.isPending && ownQuery.fetchStatus !== 'idle' : publicQuery.isPending;
  if (loading) {
    return (
      <section className="card-gallery" aria-busy="true" aria-label="Galería">
        <div className="gallery-grid">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton gallery-skeleton" />
          ))}
        </div>
      </section>
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="card-gallery" aria-labelledby="galeria-titulo">
      <h2 id="galeria-titulo">Galería</h2>
      <GalleryGrid items={items} name={name} />
    </section>
  );
}
