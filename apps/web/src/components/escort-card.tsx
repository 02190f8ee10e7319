import { Link } from 'react-router';
import type { EscortCard as Card } from '@encanto/core/escorts';
import { paths } from '../config/paths.ts';

interface Props {
  escort: Card;
  /** City named in the accessible label and alt text on city pages. */
  city?: string;
  /** Eager-load the first row of photos; the rest load lazily. */
  eager?: boolean;
  state?: unknown;
}

/** Photo first, then display name and age; the whole card is one real link to /Card/{nickname}. */
export function EscortCard({ escort, city, eager, state }: Props) {
  const label = city ? `Ver perfil de ${escort.apellido} en ${city}` : `Ver perfil de ${escort.apellido}`;
  const alt = city ? `Foto de ${escort.apellido}, escort en ${city}` : `Foto de ${escort.apellido}`;
  return (
    <Link to={paths.card(escort.nickname)} state={state} className="escort-card" aria-label={label}>
      <div className="escort-card-photo">
        <img
          src={escort.url}
          {...(escort.srcset ? { srcSet: escort.srcset, sizes: '(min-width: 1200px) 20vw, (min-width: 700px) 30vw, 50vw' } : {})}
          alt={alt}
          width={640}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </div>
      <div className="escort-card-body">
        <span className="escort-card-name">{escort.apellido}</span>
        <span className="escort-card-age">{escort.edad} años</span>
      </div>
    </Link>
  );
}

export function EscortGrid({ escorts, city, state }: { escorts: Card[]; city?: string; state?: (e: Card) => unknown }) {
  return (
    <ul className="card-grid" role="list">
      {escorts.map((e, i) => (
        <li key={e.nickname}>
          <EscortCard escort={e} eager={i < 4} {...(city ? { city } : {})} state={state?.(e)} />
        </li>
      ))}
    </ul>
  );
}
