import { Link } from 'react-router';
import type { EscortCard as BaseCard, EscortListCard } from '@encanto/core/escorts';
import type { Visit } from '@encanto/core/touring';
import { visitRange } from '@encanto/core/touring-dates';
import { tarifaText } from '@encanto/core/profile-details';
import { paths } from '../config/paths.ts';
import { VerifiedPhotosBadge } from './card/verified-photos-badge.tsx';
import { StarRating } from './ratings/star-rating.tsx';

/** The spec's card, or the search's richer one (comuna, availability, verified, rating); `visita` on a visitor's. */
type Card = BaseCard & Partial<Omit<EscortListCard, keyof BaseCard>> & { visita?: Visit | undefined };

/** The average out of 10 as stars (half of it), the number and the count; or "Sin calificaciones". */
function Rating({ promedio, calificaciones }: { promedio: number | null; calificaciones: number }) {
  if (promedio === null || calificaciones === 0)
    return <span className="escort-card-rating escort-card-rating-none">Sin calificaciones</span>;
  return <StarRating average={promedio} count={calificaciones} className="escort-card-rating" />;
}

interface Props {
  escort: Card;
  /** City named in the accessible label and alt text on city pages. */
  city?: string | undefined;
  /** Eager-load the first row of photos; the rest load lazily. */
  eager?: boolean;
  state?: unknown;
}

/** Card photos fill half the phone width, a third or less on wider screens. */
const CARD_SIZES = '(min-width: 1280px) 230px, (min-width: 1000px) 25vw, (min-width: 700px) 33vw, 50vw';

/**
 * Photo first, then display name and age. The name is a real link to
 * /Card/{nickname} stretched over the whole card (so a tap anywhere, Enter and
 * middle-click work and crawlers follow it); the age sits outside the link so
 * the link's visible text stays inside its accessible label (WCAG 2.5.3).
 */
export function EscortCard({ escort, city, eager, state }: Props) {
  const label = city ? `Ver perfil de ${escort.apellido} en ${city}` : `Ver perfil de ${escort.apellido}`;
  const alt = city ? `Foto de ${escort.apellido}, escort en ${city}` : `Foto de ${escort.apellido}`;
  return (
    <article className="escort-card escort-card-stretched">
      <div className="escort-card-photo">
        {escort.url ? (
          <img
            src={escort.url}
            {...(escort.srcset ? { srcSet: escort.srcset, sizes: CARD_SIZES } : {})}
            alt={alt}
            width={640}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            // The first row holds the page's largest paint: fetch it before scripts and fonts.
            {...(eager ? { fetchPriority: 'high' as const } : {})}
            decoding="async"
          />
        ) : null}
      </div>
      <div className="escort-card-body">
        <Link
          to={paths.card(escort.nickname)}
          state={state}
          className="escort-card-name escort-card-link"
          aria-label={label}
        >
          {escort.apellido}
        </Link>
        <span className="escort-card-age">
          {escort.edad} años
          {escort.verificada !== undefined ? <> · {escort.ciudad}</> : null}
        </span>
        {escort.verificada !== undefined ? (
          <span className="escort-card-facts">
            <span className={`escort-card-dot escort-card-dot-${escort.estado}`}>
              {escort.estado === 'disponible' ? 'Disponible' : 'No disponible'}
            </span>
            {escort.verificada ? (
              <span className="escort-card-verified" title="Identidad verificada">
                Verificada
              </span>
            ) : null}
          </span>
        ) : null}
        {escort.visita ? (
          <span className="escort-card-visit">
            <span className="visit-badge">De visita</span>{' '}
            <span>
              en {escort.visita.ciudad} {visitRange(escort.visita.desde, escort.visita.hasta)}
            </span>
          </span>
        ) : null}
        {escort.tarifa_desde ? (
          <span className="escort-card-tarifa">{tarifaText(escort.tarifa_desde)}</span>
        ) : null}
        {escort.fotos_verificadas ? <VerifiedPhotosBadge compact /> : null}
        {escort.calificaciones !== undefined ? (
          <Rating promedio={escort.promedio ?? null} calificaciones={escort.calificaciones} />
        ) : null}
      </div>
    </article>
  );
}

export function EscortGrid({
  escorts,
  city,
  state,
  label,
}: {
  escorts: Card[];
  city?: string | undefined;
  state?: (e: Card) => unknown;
  label?: string;
}) {
  return (
    <ul className="card-grid" aria-label={label}>
      {escorts.map((e, i) => (
        <li key={e.nickname}>
          <EscortCard escort={e} eager={i < 4} city={city} state={state?.(e) ?? { escort: e }} />
        </li>
      ))}
    </ul>
  );
}
