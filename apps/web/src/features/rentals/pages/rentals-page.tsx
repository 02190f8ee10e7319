import { useParams } from 'react-router';
import { findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import type { Rental } from '@encanto/core/gallery';
import { CityPicker } from '../../../components/city-picker.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useOwnCity, useRentals } from '../api/rentals.ts';

/** /Arriendos: behind the session guard; the city is the person's own. */
export function RentalsPrivatePage() {
  return (
    <RequireAuth>
      <RentalsView city={null} />
    </RequireAuth>
  );
}

/** /Cards and /Cards/{city}: the city from the address, else the signed-in person's own. */
export function RentalsCityPage() {
  const { city } = useParams();
  return <RentalsView city={city ?? null} />;
}

/**
 * The rental area as the spec presents it: 'En mantención'. The rentals of the
 * city are really read from the API and shown, but the search is switched off.
 */
function RentalsView({ city }: { city: string | null }) {
  const site = useSite();
  const session = useSession();
  const own = useOwnCity(session);
  const fromPath = city ? (findComuna(city)?.name ?? city.replace(/-/g, ' ')) : null;
  const shownCity = fromPath ?? own.city;
  const { rentals, isPending } = useRentals(shownCity);
  const title = shownCity ? `Arriendos en ${shownCity}` : 'Arriendos';
  useHead({
    title: `${title} – ${site.name}`,
    description: `Lugares de arriendo en ${shownCity ?? 'Chile'}. Sección en mantención.`,
    robots: 'noindex,follow',
  });

  return (
    <div className="page rentals-page">
      <h1 className="page-title">{title}</h1>

      <section className="maintenance" role="status" aria-labelledby="mantencion-titulo">
        <span className="maintenance-icon" aria-hidden="true">
          <Icon name="alert" size={28} />
        </span>
        <div>
          <h2 id="mantencion-titulo" className="maintenance-title">
            {msg.maintenance}
          </h2>
          <p className="maintenance-text">
            Estamos renovando la búsqueda de lugares de arriendo. Mientras tanto puedes revisar los lugares ya
            publicados.
          </p>
        </div>
      </section>

      <form
        className="form-card rentals-search"
        aria-describedby="busqueda-desactivada"
        onSubmit={(e) => e.preventDefault()}
      >
        <fieldset disabled className="rentals-search-fields">
          <legend className="visually-hidden">Buscar arriendos</legend>
          <CityPicker
            value={shownCity && findComuna(shownCity) ? shownCity : ''}
            onChange={() => {}}
            disabled
            label="Buscar por ciudad"
          />
          <button type="submit" className="button" disabled>
            Buscar
          </button>
        </fieldset>
        <p id="busqueda-desactivada" className="field-hint">
          La búsqueda está desactivada mientras dura la mantención.
        </p>
      </form>

      {shownCity ? (
        <section aria-labelledby="lugares-titulo" className="rentals-list-section">
          <h2 id="lugares-titulo">Lugares publicados</h2>
          {isPending ? (
            <div className="rentals-list" aria-busy="true">
              {[0, 1].map((i) => (
                <div key={i} className="skeleton rental-skeleton" />
              ))}
            </div>
          ) : rentals.length === 0 ? (
            <p className="empty">Aún no hay lugares de arriendo publicados en {shownCity}.</p>
          ) : (
            <ul className="rentals-list" role="list">
              {rentals.map((r) => (
                <RentalItem key={r.id} rental={r} />
              ))}
            </ul>
          )}
        </section>
      ) : own.pending && session.signedIn ? null : (
        <p className="empty">
          Elige una ciudad para ver los lugares publicados cuando la búsqueda vuelva a estar disponible.
        </p>
      )}
    </div>
  );
}

function RentalItem({ rental }: { rental: Rental }) {
  return (
    <li className="rental-item">
      <span className="rental-pin" aria-hidden="true">
        <Icon name="pin" size={22} />
      </span>
      <div className="rental-body">
        <p className="rental-address">{rental.direccion}</p>
        <p className="rental-city">{rental.ciudad}</p>
      </div>
      <a
        className="button button-secondary rental-map"
        href={rental.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Ver mapa<span className="visually-hidden"> de {rental.direccion} (se abre en otra pestaña)</span>
      </a>
    </li>
  );
}
