/** The card's shape while it loads: photo box and text lines, so nothing jumps. */
export function CardSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-label="Cargando perfil">
      <div className="profile-card">
        <div className="profile-card-photo skeleton" />
        <div className="profile-card-info">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-text" />
          <div className="skeleton skeleton-text" />
        </div>
      </div>
    </div>
  );
}
