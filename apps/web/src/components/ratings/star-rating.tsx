import type { CSSProperties } from 'react';

// One formatter for every card: toLocaleString builds a new one per call (24 per listing render).
const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Stars drawn for an average out of 10: half of it, to the nearest half star (8,8 → 4,5 stars). */
export const starsFor = (average: number) => Math.round(Math.min(10, Math.max(0, average))) / 2;

/**
 * An average out of 10 (ratings are 1 to 10, decision 0154) as five stars filled to half of it, the
 * number "8,8", and one accessible label "8,8 de 10" (with the count when given). Cards, the profile
 * and the dashboard draw it the same way.
 */
export function StarRating({
  average,
  count,
  className = 'star-rating',
  numberTestId,
}: {
  average: number;
  count?: number | undefined;
  className?: string;
  /** A test id on the number alone (the tests read "8,8" from it). */
  numberTestId?: string;
}) {
  const n = oneDecimal.format(average);
  const counted = count === undefined ? '' : count === 1 ? ', 1 calificación' : `, ${count} calificaciones`;
  return (
    <span className={className} role="img" aria-label={`Calificación ${n} de 10${counted}`}>
      <span
        className="stars"
        aria-hidden="true"
        data-stars={starsFor(average)}
        style={{ '--fill': `${(starsFor(average) / 5) * 100}%` } as CSSProperties}
      >
        ★★★★★
      </span>
      <span aria-hidden="true">
        <strong data-testid={numberTestId}>{n}</strong>
        {count === undefined ? '' : ` (${count})`}
      </span>
    </span>
  );
}
