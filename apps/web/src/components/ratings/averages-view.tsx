import { ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { Averages } from '@encanto/core/marketplace';
import { StarRating } from './star-rating.tsx';

/** One decimal, Chilean style (8,7). */
const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const formatAverage = (n: number) => oneDecimal.format(n);

/**
 * The five averages (from the running sums of published ratings) under the
 * spec's criteria names, the overall as the mean of the unrounded criteria,
 * each with one decimal, and how many ratings they come from.
 */
export function AveragesView({
  averages,
  label,
  criteria = ratingCriteria,
}: {
  averages: Averages;
  label: string;
  /** The names of nota1..nota5: an escort's (the default) or a client's (decision 0157). */
  criteria?: readonly string[];
}) {
  if (averages.total === 0) return <p className="rating-empty">{msg.noRatings}</p>;
  const values = [
    averages.promedio_nota1,
    averages.promedio_nota2,
    averages.promedio_nota3,
    averages.promedio_nota4,
    averages.promedio_nota5,
  ];
  return (
    <div className="rating-averages" data-testid="rating-averages">
      <dl className="rating-grid" aria-label={label}>
        {criteria.map((name, i) => (
          <div key={name} className="rating-cell">
            <dt>{name}</dt>
            <dd>{formatAverage(values[i]!)}</dd>
          </div>
        ))}
      </dl>
      <p className="rating-overall">
        Promedio general: <StarRating average={averages.promedio_general} numberTestId="rating-overall" />
        <span className="rating-count" data-testid="rating-count">
          {' '}
          ({averages.total} {averages.total === 1 ? 'calificación' : 'calificaciones'})
        </span>
      </p>
    </div>
  );
}
