/** A progress bar at `value` percent (an upload, a redirect), or nothing while `value` is null. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number | null;
  label: string;
  className?: string;
}) {
  if (value === null) return null;
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="progress-bar" style={{ width: `${value}%` }} />
    </div>
  );
}
