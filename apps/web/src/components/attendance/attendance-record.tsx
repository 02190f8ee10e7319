import type { AttendanceCounts } from '@encanto/core/attendance';

/**
 * An account's attendance record as counts, never as a list of meetings (decision 0174). Below three
 * counted meetings the server sends nulls and the record reads "Nueva en Encanto" (an escort) or "Nuevo"
 * (a client).
 */
export function AttendanceRecord({
  counts,
  of,
  compact = false,
}: {
  counts: AttendanceCounts;
  of: 'escort' | 'client';
  compact?: boolean;
}) {
  const isNew = counts.citas_concretadas === null || counts.ausencias === null;
  const done = counts.citas_concretadas ?? 0;
  const absent = counts.ausencias ?? 0;
  return (
    <p
      className={`attendance-record${compact ? ' attendance-record-compact' : ''}`}
      data-testid="attendance-record"
    >
      <span className="attendance-record-label">Asistencia:</span>{' '}
      {isNew ? (
        <span className="attendance-new">{of === 'escort' ? 'Nueva en Encanto' : 'Nuevo'}</span>
      ) : (
        <>
          <span className="attendance-count">
            {done} {done === 1 ? 'cita concretada' : 'citas concretadas'}
          </span>
          <span className={absent > 0 ? 'attendance-count attendance-absences' : 'attendance-count'}>
            {absent} {absent === 1 ? 'ausencia' : 'ausencias'}
          </span>
        </>
      )}
    </p>
  );
}
