/** Placeholder with the section's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="profile-main" aria-busy="true">
      <p className="profile-loading" role="status">
        {label}
      </p>
      <div className="skeleton profile-skeleton-block" />
      <div className="skeleton profile-skeleton-block profile-skeleton-tall" />
    </div>
  );
}
