/** An upload's progress bar (0-100), or nothing while no upload is running. */
export function UploadProgress({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Progreso de la carga"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="progress-bar" style={{ width: `${value}%` }} />
    </div>
  );
}
