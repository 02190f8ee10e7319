import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useMyData, useRefreshMyData } from '../../lib/api/my-data.ts';
import { formatDate } from '@encanto/core/chile-time';
import { paths } from '../../config/paths.ts';
import { BlockedList } from './blocked-list.tsx';
import { DownloadButton } from './download-button.tsx';
import { PauseToggle } from './pause-toggle.tsx';
import { RectificationForm } from './rectification-form.tsx';

/**
 * 'MIS DATOS' on both profile screens: the person's rights under Ley 21.719
 * in one place (see, take away, correct, pause, erase), free and from the phone.
 */
export function MyDataSection() {
  const session = useSession();
  const query = useMyData(session.signedIn);
  const refresh = useRefreshMyData();
  const data = query.data;

  return (
    <section
      id="mis-datos"
      tabIndex={-1}
      className="form-card profile-section dr-section"
      aria-labelledby="mis-datos-title"
    >
      <h2 id="mis-datos-title">MIS DATOS</h2>
      <p className="dr-lead">
        Tus datos son tuyos. Aquí puedes llevártelos, corregirlos o borrarlos cuando quieras, sin costo (Ley
        21.719).
      </p>

      <div className="dr-block">
        <h3>Descargar una copia</h3>
        <p className="field-hint">
          Un archivo con todo lo que guardamos sobre ti: cuenta, perfil, fotos, favoritos, citas, comentarios
          y notas.
        </p>
        <DownloadButton />
      </div>

      {query.isPending ? (
        <div className="skeleton dr-skeleton" aria-hidden="true" />
      ) : query.isError || !data ? (
        <p className="message message-error">
          No pudimos cargar el estado de tus datos. Recarga la página para intentarlo de nuevo.
        </p>
      ) : (
        <>
          <div className="dr-block">
            <h3>Foto de tu documento</h3>
            <p className="field-hint" data-testid="document-retention">
              {data.documento === null
                ? 'No guardamos ninguna foto de tu documento.'
                : data.documento.se_elimina_el
                  ? `Se borra automáticamente el ${formatDate(data.documento.se_elimina_el)}, ${data.retencion_dias} días después de aprobada tu cuenta.`
                  : `La guardamos cifrada hasta verificar tu cuenta; se borra ${data.retencion_dias} días después de aprobarla.`}
            </p>
          </div>
          {data.tipo === 'usuario' && data.pausado !== null && (
            <PauseToggle paused={data.pausado} suspended={data.suspendido ?? false} onChanged={refresh} />
          )}
          <RectificationForm requests={data.rectificaciones} onSent={refresh} />
          {data.bloqueados && <BlockedList blocked={data.bloqueados} onChanged={refresh} />}
        </>
      )}

      <div className="dr-block dr-danger-zone">
        <h3>Eliminar mi cuenta</h3>
        <p className="field-hint">
          Borra tu cuenta y tus datos para siempre. Antes te mostramos exactamente qué se elimina.
        </p>
        <Link to={paths.deleteAccount} className="button button-danger">
          Eliminar mi cuenta
        </Link>
      </div>
    </section>
  );
}
