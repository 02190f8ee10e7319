import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { deleteAccountFormSchema } from '@encanto/core/data-rights';
import { msg } from '@encanto/core/messages';
import { PasswordInput } from '../../../components/password-input.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useHead } from '../../../lib/head.tsx';
import { useForgetSession } from '../../../lib/logout.ts';
import { useSession } from '../../../lib/session.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSite } from '../../../lib/site.tsx';
import { deleteAccount } from '../api/delete-account.ts';
import { DownloadButton } from '../../../components/my-data/download-button.tsx';

/**
 * /EliminarCuenta: states exactly what goes and what stays (anonymised), asks
 * for the password, deletes, and signs the browser out. The farewell renders
 * outside the guard, because the session is gone by then.
 */
export default function DeleteAccountPage() {
  const site = useSite();
  useHead({ title: `Eliminar mi cuenta – ${site.name}`, robots: 'noindex,nofollow' });
  const [done, setDone] = useState<string | null>(null);
  if (done) {
    return (
      <div className="page page-center dr-farewell">
        <h1 className="page-title">Tu cuenta fue eliminada</h1>
        <p className="message message-success" role="status">
          {done}
        </p>
        <Link to={paths.home} className="button">
          Ir al inicio
        </Link>
      </div>
    );
  }
  return (
    <RequireAuth>
      <DeleteAccount onDeleted={setDone} />
    </RequireAuth>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: (mensaje: string) => void }) {
  const id = useId();
  const session = useSession();
  const forgetSession = useForgetSession();
  const form = useSchemaForm(deleteAccountFormSchema, { defaultValues: { pass: '', entiendo: false } });
  const pass = useWatch({ control: form.control, name: 'pass' });
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const escort = session.role === 'usuario';
  const back = escort ? paths.escortAccount : paths.clientAccount;

  if (session.role === 'admin') {
    return (
      <div className="page">
        <h1 className="page-title">Eliminar mi cuenta</h1>
        <p className="message message-error">{msg.adminCannotDelete}</p>
      </div>
    );
  }

  // The password first, then the tick, as the form reads top to bottom.
  const onSubmit = form.handleSubmit(
    async ({ pass }) => {
      setError(null);
      await run(() => deleteAccount({ pass }), {
        onSuccess: (res) => {
          onDeleted(res.mensaje);
          // The server already revoked every session; the browser forgets its own.
          forgetSession();
        },
        onError: (err) => setError(errorText(err, msg.accountDeleteError)),
        keepBusyOnSuccess: true,
      });
    },
    (errors) => setError(firstErrorOf(errors) ?? msg.completeAllFields),
  );

  return (
    <div className="page dr-delete-page">
      <h1 className="page-title">Eliminar mi cuenta</h1>
      <p className="dr-lead">
        Al confirmar, borramos de inmediato y para siempre lo siguiente. No se puede deshacer.
      </p>

      <section className="form-card dr-list-card" aria-labelledby={`${id}-goes`}>
        <h2 id={`${id}-goes`}>Se elimina</h2>
        <ul className="dr-list dr-list-goes" data-testid="will-delete">
          <li>Tu cuenta: RUT, nombre, nickname, correo, teléfono, fecha de nacimiento, género y ciudad.</li>
          <li>La foto de tu documento de identidad.</li>
          {escort ? (
            <>
              <li>Tu foto de perfil y toda tu galería de fotos y videos, en todos sus tamaños.</li>
              <li>
                Tu tarjeta pública: sale al instante de los listados, de las páginas de ciudad y del mapa del
                sitio.
              </li>
              <li>
                Tus solicitudes y citas, los comentarios y las notas que recibiste, y los clientes que
                bloqueaste.
              </li>
            </>
          ) : (
            <>
              <li>Tu foto de perfil, en todos sus tamaños.</li>
              <li>Tus favoritos, tus solicitudes de cita pendientes y tu historial de citas.</li>
              <li>Las notas que te pusieron las escorts.</li>
            </>
          )}
          <li>Tus solicitudes de corrección de datos.</li>
          <li>Tus sesiones abiertas, en todos tus dispositivos.</li>
        </ul>
        <h2 id={`${id}-stays`}>Queda, sin tu nombre</h2>
        <ul className="dr-list dr-list-stays">
          <li>
            Los comentarios y notas que escribiste sobre otras personas quedan firmados como «Usuario
            eliminado», para que sus promedios sigan siendo reales.
          </li>
          <li>Las denuncias que hayas hecho, para que la revisión siga su curso.</li>
          <li>
            El registro de las decisiones de la administración sobre tu cuenta: quién decidió qué y cuándo.
          </li>
        </ul>
        <p className="field-hint">Tu nickname, tu correo y tu RUT quedan libres para usarse de nuevo.</p>
      </section>

      <section className="form-card dr-list-card" aria-labelledby={`${id}-copy`}>
        <h2 id={`${id}-copy`}>¿Quieres una copia antes?</h2>
        <DownloadButton />
        {escort && (
          <p className="field-hint">
            Si solo quieres desaparecer por un tiempo, puedes{' '}
            <Link to={`${paths.escortAccount}#mis-datos`}>pausar tu perfil</Link> sin borrar nada.
          </p>
        )}
      </section>

      <form className="form form-card dr-confirm" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-pass`}>Tu contraseña</label>
          <PasswordInput
            id={`${id}-pass`}
            autoComplete="current-password"
            {...form.register('pass')}
            aria-invalid={error && !pass ? true : undefined}
          />
        </div>
        <label className="dr-check">
          <input type="checkbox" {...form.register('entiendo')} />
          Entiendo que esto no se puede deshacer.
        </label>
        <div aria-live="assertive" className="message-slot">
          {error && (
            <p className="message message-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="dr-actions">
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? 'Eliminando...' : 'Eliminar mi cuenta para siempre'}
          </button>
          <Link to={back} className="button button-secondary">
            Volver a mi perfil
          </Link>
        </div>
      </form>
    </div>
  );
}
