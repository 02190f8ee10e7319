import { msg } from '@encanto/core/messages';
import { photoRejectSchema, type AdminPhotoVerification } from '@encanto/core/safety';
import { DecisionQueue, type QueueItem } from '../../../components/admin/decision-queue.tsx';
import { usePrivateImage } from '../../../lib/api/documents.ts';
import {
  adminPhotoChecksPath,
  approvePhotoCheck,
  rejectPhotoCheck,
  useAdminPhotoChecks,
  useRefresh,
} from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';

/** A picture behind the authenticated endpoints (selfie, identity document), fetched with the session. */
function PrivatePicture({ url, caption }: { url: string; caption: string }) {
  const image = usePrivateImage(url);
  return (
    <figure>
      {image.status === 'ready' ? (
        <a href={image.src} target="_blank" rel="noreferrer">
          <img src={image.src} alt={caption} />
        </a>
      ) : image.status === 'error' ? (
        <p className="message message-error">No se pudo cargar.</p>
      ) : (
        <div className="skeleton" style={{ aspectRatio: '3 / 4' }} />
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function CheckItem({ check, queue }: { check: AdminPhotoVerification; queue: QueueItem }) {
  // The reason the API requires to reject (photoRejectSchema: 3 to 300 characters).
  const form = useSchemaForm(photoRejectSchema, { defaultValues: { motivo: '' } });
  const reject = form.handleSubmit(
    ({ motivo }) => queue.act(() => rejectPhotoCheck(check.id, motivo)),
    (errors) => queue.invalid(firstErrorOf(errors) ?? msg.photoCheckReasonRequired),
  );
  const fieldId = `motivo-${check.id}`;
  return (
    <li className="safety-item">
      <h3>{check.nickname}</h3>
      <p className="safety-meta">
        Enviada el {formatDateTime(check.enviada)} · Código que debe verse en el papel:{' '}
        <strong>{check.codigo}</strong>
      </p>
      <div className="safety-compare">
        <PrivatePicture url={check.selfie_url} caption="Selfie con el código" />
        <figure>
          <img src={check.foto_perfil} alt={`Foto de perfil de ${check.nickname}`} />
          <figcaption>Foto de perfil</figcaption>
        </figure>
        {check.galeria.map((url, i) => (
          <figure key={url}>
            <img src={url} alt={`Galería ${i + 1} de ${check.nickname}`} loading="lazy" />
            <figcaption>Galería {i + 1}</figcaption>
          </figure>
        ))}
        {check.documento_url ? (
          <PrivatePicture url={check.documento_url} caption="Documento de identidad" />
        ) : (
          <p className="safety-meta">El documento de identidad ya fue eliminado por plazo.</p>
        )}
      </div>
      <div className="safety-actions">
        <button
          type="button"
          className="button"
          disabled={queue.busy}
          onClick={() => queue.act(() => approvePhotoCheck(check.id))}
        >
          Aprobar fotos
        </button>
        <div className="field">
          <label htmlFor={fieldId}>Motivo del rechazo</label>
          <input
            id={fieldId}
            maxLength={300}
            placeholder="Por ejemplo: no se ve el código"
            {...form.register('motivo')}
          />
        </div>
        <button
          type="button"
          className="button button-danger"
          disabled={queue.busy}
          onClick={() => void reject()}
        >
          Rechazar
        </button>
      </div>
    </li>
  );
}

/** /pendientes/fotos: selfies to compare with each profile's photos, gallery and identity document. */
export default function AdminPhotoChecksPage() {
  useAdminHead('Fotos por verificar');
  return (
    <DecisionQueue
      titleId="fotos-title"
      title="Fotos por verificar"
      intro={
        <>
          Compara la cara de la selfie con la foto de perfil, la galería y el documento, y revisa que el papel
          muestre el código. Al aprobar, el perfil muestra «Fotos verificadas».
        </>
      }
      list={useAdminPhotoChecks()}
      refresh={useRefresh(adminPhotoChecksPath)}
      loadError="No se pudo cargar la lista."
      empty="No hay selfies por revisar."
      keyOf={(c) => c.id}
      item={(c, queue) => <CheckItem check={c} queue={queue} />}
    />
  );
}
