import { msg } from '@encanto/core/messages';

export type Availability = 'idle' | 'checking' | 'free' | 'taken';

/** Spinner while checking, then 'Disponible' or '¡Ya existe, ingresa otro!'. */
export function AvailabilityStatus({ status, id }: { status: Availability; id: string }) {
  return (
    <p id={id} className={`availability availability-${status}`} aria-live="polite">
      {status === 'checking' && (
        <>
          <span className="spinner" role="status" aria-label="Verificando disponibilidad" />
        </>
      )}
      {status === 'free' && msg.available}
      {status === 'taken' && msg.taken}
    </p>
  );
}
