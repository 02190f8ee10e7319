import { ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { Averages } from '@encanto/core/marketplace';

/** The five rounded averages under the spec's criteria names, and the overall with one decimal. */
export function AveragesView({ averages, label }: { averages: Averages; label: string }) {
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
        {ratingCriteria.map((name, i) => (
          <div key={name} className="rating-cell">
            <dt>{name}</dt>
            <dd>{values[i]}</dd>
          </div>
        ))}
      </dl>
      <p className="rating-overall">
        Promedio general: <strong data-testid="rating-overall">{averages.promedio_general.toFixed(1)}</strong>
        <span className="rating-count">
          {' '}
          ({averages.total} {averages.total === 1 ? 'calificación' : 'calificaciones'})
        </span>
      </p>
    </div>
  );
}
