/** Placeholder with the profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="page profile-page" aria-busy="true">
      <p className="profile-loading" role="status">
        {label}
      </p>
      <div className="profile-layout">
        <div className="skeleton profile-skeleton-side" />
        <div className="profile-main">
          <div className="skeleton profile-skeleton-block" />
          <div className="skeleton profile-skeleton-block profile-skeleton-tall" />
        </div>
      </div>
    </div>
  );
}
