import { lazy, useState } from 'react';
import { Link } from 'react-router';
import type { EscortCard, EscortPublic } from '@encanto/core/escorts';
import { contactPath } from '@encanto/core/contact';
import { loginForIntent } from '@encanto/core/login-intent';
import { msg } from '@encanto/core/messages';
import type { Visit } from '@encanto/core/touring';
import { CardVisits } from './card-visits.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Lightbox } from '../../../components/lightbox.tsx';
import { useSession } from '../../../lib/session.ts';
import { CardGallery } from '../../../components/card/card-gallery.tsx';
import { FavoriteStar } from '../../../components/card/favorite-star.tsx';
import { CitaButton } from '../../../components/card/cita-button.tsx';
import { ReportDialog } from '../../../components/card/report-dialog.tsx';
import { VerifiedPhotosBadge } from '../../../components/card/verified-photos-badge.tsx';
import { CardDetails } from './card-details.tsx';
import { AttendanceRecord } from '../../../components/attendance/attendance-record.tsx';
import { TrackedSuspense } from '../../../lib/hydration.tsx';

// Parts only a signed-in person sees load on demand, so a visitor's first view of
// a card carries no form or schema code (JS budget, decision 0040).
const CardRatingSlot = lazy(() =>
  import('../../../components/card/card-extras.tsx').then((m) => ({ default: m.CardRatingSlot })),
);
const CommentsPanel = lazy(() =>
  import('../../../components/card/comments-panel.tsx').then((m) => ({ default: m.CommentsPanel })),
);

/** What the card shows: the full public record, or while it loads the listing card from navigation state. */
export type CardData = EscortCard &
  Partial<
    Pick<
      EscortPublic,
      | 'medidas'
      | 'legenda'
      | 'fono'
      | 'fotos_verificadas'
      | 'tarifa_desde'
      | 'servicios'
      | 'atiende'
      | 'horario'
      | 'idiomas'
    >
  > & {
    /** Her current and coming visits (the public card); a visitor's listing card carries the one of today. */
    gira?: Visit[] | undefined;
    visita?: Visit | undefined;
    /** Her attendance record as counts (decision 0174), on the public card's answer. */
    citas_concretadas?: number | null | undefined;
    ausencias?: number | null | undefined;
  };

const PHOTO_SIZES = '(min-width: 900px) 440px, 100vw';

/** '912345678' -> '9 1234 5678', the way Chilean mobiles are read. */
const formatFono = (fono: string) =>
  /^\d{9}$/.test(fono) ? `${fono[0]} ${fono.slice(1, 5)} ${fono.slice(5)}` : fono;

/**
 * The profile card shared by /Card/{nickname} and /TuCard/{nickname}, with the
 * shared card parts from components/card (favourite star, 'Cita', rating block,
 * comments panel, gallery, report link); `own` is true on the escort's own card.
 */
export function CardView({ escort, own = false }: { escort: CardData; own?: boolean }) {
  const session = useSession();
  const inactive = escort.estado === 'inactiva';
  const loaded = escort.fono !== undefined;
  const [zoomed, setZoomed] = useState(false);
  const alt = `Foto de ${escort.apellido}, escort en ${escort.ciudad}`;
  // She reads the comments on her own card, read-only (decision 0156): her card page, or the public one
  // while she is signed in; so does an admin (moderation). Other escorts keep the spec's "clients only".
  const mine =
    own || (session.role === 'usuario' && session.nickname?.toLowerCase() === escort.nickname.toLowerCase());
  // Every tap goes through /contacto, which counts it for her statistics and redirects to WhatsApp.
  // The server leaves out her own taps and an admin's: the session cookie rides on the new tab too.
  return (
    <article className="profile-card" aria-labelledby="perfil-nombre">
      <div className="profile-card-photo">
        {escort.url ? (
          <button
            type="button"
            className="profile-card-zoom"
            onClick={() => setZoomed(true)}
            aria-label={`Ver la foto de ${escort.apellido} en grande`}
          >
            <img
              src={escort.url}
              {...(escort.srcset ? { srcSet: escort.srcset, sizes: PHOTO_SIZES } : {})}
              alt={alt}
              width={640}
              height={800}
              fetchPriority="high"
              decoding="async"
            />
          </button>
        ) : null}
      </div>
      {zoomed ? (
        <Lightbox
          items={[{ url: escort.url, ...(escort.srcset ? { srcset: escort.srcset } : {}), alt }]}
          startIndex={0}
          label={`Foto de ${escort.apellido}`}
          onClose={() => setZoomed(false)}
        />
      ) : null}

      <div className="profile-card-info">
        <header className="profile-card-header">
          <div>
            <h1 id="perfil-nombre" className="profile-card-name">
              {escort.apellido}
            </h1>
            <p className="profile-card-sub">
              {escort.edad} años · {escort.ciudad}
            </p>
          </div>
          {own ? null : <FavoriteStar nickname={escort.nickname} name={escort.apellido} />}
        </header>

        <p className={inactive ? 'status-badge status-badge-off' : 'status-badge'}>
          <span className="status-dot" aria-hidden="true" />
          {inactive ? 'No disponible' : 'Disponible'}
        </p>
        {escort.fotos_verificadas ? <VerifiedPhotosBadge /> : null}
        {/* Her record, for signed-in clients deciding on a request (decision 0174). */}
        {session.role === 'cliente' &&
        escort.citas_concretadas !== undefined &&
        escort.ausencias !== undefined ? (
          <AttendanceRecord
            counts={{ citas_concretadas: escort.citas_concretadas, ausencias: escort.ausencias }}
            of="escort"
          />
        ) : null}
        <CardVisits visits={escort.gira ?? (escort.visita ? [escort.visita] : [])} />
        {inactive ? <p className="profile-card-note">Este perfil no está disponible por ahora.</p> : null}

        <dl className="profile-card-facts">
          <div>
            <dt>Edad</dt>
            <dd>{escort.edad} años</dd>
          </div>
          <div>
            <dt>Medidas</dt>
            <dd>{loaded ? escort.medidas || '—' : <span className="skeleton skeleton-text" />}</dd>
          </div>
          <div>
            <dt>Género</dt>
            <dd>{escort.genero}</dd>
          </div>
          <div>
            <dt>Teléfono</dt>
            <dd>
              {loaded && escort.fono ? (
                <a href={`tel:+56${escort.fono}`}>+56 {formatFono(escort.fono)}</a>
              ) : (
                <span className="skeleton skeleton-text" />
              )}
            </dd>
          </div>
          <div>
            <dt>Nickname</dt>
            <dd>{escort.nickname}</dd>
          </div>
        </dl>

        <div className="profile-card-actions">
          {loaded && escort.fono ? (
            <a
              className="button button-whatsapp"
              href={contactPath(escort.nickname)}
              target="_blank"
              rel="nofollow noopener noreferrer"
            >
              <Icon name="whatsapp" size={22} />
              WhatsApp
            </a>
          ) : null}
          {own || inactive ? null : <CitaButton nickname={escort.nickname} name={escort.apellido} />}
        </div>

        {loaded ? <CardDetails escort={escort} /> : null}

        <section className="profile-card-about" aria-labelledby="sobre-mi">
          <h2 id="sobre-mi">Sobre mí</h2>
          {loaded ? (
            // Plain text: React escapes it, and pre-line keeps her line breaks.
            <p className="profile-card-legenda">{escort.legenda}</p>
          ) : (
            <span className="skeleton skeleton-text" />
          )}
        </section>
      </div>

      <div className="profile-card-extra">
        <CardGallery nickname={escort.nickname} name={escort.apellido} own={own} />
        {session.role ? (
          <TrackedSuspense fallback={null}>
            <CardRatingSlot nickname={escort.nickname} own={mine} />
          </TrackedSuspense>
        ) : null}
        <section className="profile-card-comments" aria-labelledby="comentarios">
          <h2 id="comentarios">Comentarios</h2>
          {(session.role === 'cliente' && session.rut) ||
          (mine && session.role === 'usuario') ||
          session.role === 'admin' ? (
            <TrackedSuspense fallback={<div className="skeleton rating-skeleton" />}>
              <CommentsPanel nickname={escort.nickname} readOnly={session.role !== 'cliente'} />
            </TrackedSuspense>
          ) : (
            <>
              <p className="profile-card-note">{msg.commentsClientsOnly}</p>
              {session.signedIn ? null : (
                // To the client login, which says why and returns with the form open (decision 0143).
                <Link
                  className="button comment-open"
                  to={loginForIntent({
                    accion: 'comentar',
                    perfil: escort.nickname,
                    nombre: escort.apellido,
                  })}
                >
                  Comentar
                </Link>
              )}
            </>
          )}
        </section>
        {own ? null : <ReportDialog nickname={escort.nickname} />}
      </div>
    </article>
  );
}
