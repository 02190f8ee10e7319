/** Shown while a page's code or data loads, shaped like a page so nothing jumps. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-live="polite">
      <div className="skeleton skeleton-title" />
      <div className="card-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton skeleton-card" />
        ))}
      </div>
    </div>
  );
}
