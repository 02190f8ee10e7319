import { useEffect, useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { documentUploadFormSchema, type ValidationKind } from '@encanto/core/validation';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  deleteDocument,
  uploadDocument,
  useDocumentInfo,
  usePrivateImage,
  useRefreshDocumentInfo,
} from '../../../lib/api/documents.ts';
import { useRefreshNotices } from '../../../lib/api/notices.ts';
import { useRejection } from '../api/rejection.ts';
import { DocumentFileInput } from '../components/document-file-input.tsx';
import { DocumentInstructions } from '../components/document-instructions.tsx';
import { RejectionPanel } from '../components/rejection-panel.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

/** Status text is green, or red when it starts with 'Error' (spec). */
function StatusMessage({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  const error = text.startsWith('Error');
  return (
    <p
      id={id}
      className={`message ${error ? 'message-error' : 'message-success'}`}
      role={error ? 'alert' : 'status'}
    >
      {text}
    </p>
  );
}

function UploadDocument({ kind }: { kind: ValidationKind }) {
  const session = useSession();
  const nickname = session.nickname ?? '';
  const navigate = useNavigate();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // The picked photo is the form's one value (a file input cannot be a controlled field).
  const form = useSchemaForm(documentUploadFormSchema);
  const file = useWatch({ control: form.control, name: 'archivo' }) ?? null;
  const setFile = (picked: File | null) => form.setValue('archivo', picked ?? (undefined as never));
  const [status, setStatus] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const profile = kind === 'cliente' ? paths.clientProfile : paths.escortHome;

  const refreshNotices = useRefreshNotices();
  const refreshDocument = useRefreshDocumentInfo(kind, nickname);
  // The server clears the authorisation message with an upload; refresh what shows it.
  const { busy, run } = useAction(() => Promise.all([refreshNotices(), refreshDocument()]));
  const info = useDocumentInfo(kind, nickname);
  const rejection = useRejection(kind);
  const image = usePrivateImage(info.data?.imageUrl);
  const validated =
    info.error instanceof ApiError &&
    info.error.status === 403 &&
    info.error.mensaje === msg.accountValidated;
  const hasImage = Boolean(info.data);
  const motivo = rejection.data ?? null;
  // A rejected document is replaced in one step: the new photo is what answers the rejection.
  const replacing = hasImage && motivo !== null;
  const statusId = `${ids}-status`;

  // The redirect timer must not fire after the person has left the page.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A document already shown must go first; then the photo must be there (the schema's words).
  const onUpload = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(
      async ({ archivo }) => {
        if (hasImage && !replacing) {
          setStatus(msg.deleteImageFirst);
          return;
        }
        if (!nickname) {
          setStatus(msg.fileAndNicknameRequired);
          return;
        }
        const rejected = replacing ? info.data!.publicId : null;
        setProgress(0);
        setStatus('');
        await run(
          async () => {
            if (rejected) await deleteDocument(kind, nickname, rejected);
            return uploadDocument(kind, nickname, archivo, setProgress);
          },
          {
            onSuccess: () => {
              setStatus(msg.imageUploaded);
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
              timer.current = setTimeout(() => void navigate(profile), timings.postUploadRedirectMs);
            },
            onError: (err) => {
              const detail = errorText(err, '');
              setStatus(detail ? `${msg.imageUploadError} ${detail}` : msg.imageUploadError);
            },
            onSettled: () => setProgress(null),
          },
        );
      },
      (errors) =>
        setStatus(
          hasImage && !replacing
            ? msg.deleteImageFirst
            : (firstErrorOf(errors) ?? msg.fileAndNicknameRequired),
        ),
    )(e);

  async function onDelete() {
    if (!info.data || !nickname) {
      setStatus(msg.nicknameOrPublicIdMissing);
      return;
    }
    const { publicId } = info.data;
    await run(() => deleteDocument(kind, nickname, publicId), {
      onSuccess: () => setStatus(msg.imageDeleted),
      onError: () => setStatus(msg.imageDeleteError),
    });
  }

  if (validated) {
    return (
      <div className="form-card doc-upload">
        <p className="message message-success" role="status">
          {msg.accountValidated}
        </p>
        <Link className="button" to={profile}>
          Ir a mi perfil
        </Link>
      </div>
    );
  }

  const picker = (label: string) => (
    <DocumentFileInput
      id={ids}
      label={label}
      file={file}
      inputRef={fileInput}
      invalid={status.startsWith('Error')}
      describedBy={status ? statusId : undefined}
      onPick={(picked, error) => {
        setFile(picked);
        setStatus(error);
      }}
    />
  );
  const preview = (alt: string) => (
    <div className={`doc-preview${replacing ? ' doc-preview-rejected' : ''}`}>
      {image.status === 'ready' ? (
        <img src={image.src} alt={alt} />
      ) : image.status === 'error' ? (
        <p className="message message-error">{msg.imageFetchError}</p>
      ) : (
        <div className="skeleton doc-preview-skeleton" role="status" aria-label="Cargando imagen" />
      )}
    </div>
  );

  return (
    // With a document under review or rejected, the form comes first on phones; the instructions matter less then.
    <div className={`doc-upload${hasImage || motivo ? ' doc-upload-waiting' : ''}`}>
      <DocumentInstructions titleId={`${ids}-how`} />

      <form className="form-card doc-form" onSubmit={(e) => void onUpload(e)} aria-busy={busy}>
        {motivo && <RejectionPanel motivo={motivo} />}
        {(info.isPending || rejection.isLoading) && nickname ? (
          <p aria-live="polite">Cargando...</p>
        ) : replacing ? (
          <>
            <p className="field-hint doc-rejected-label">Documento rechazado:</p>
            {preview('Documento de identidad rechazado')}
            {picker('Nueva foto de tu documento')}
          </>
        ) : hasImage ? (
          <>
            <p className="message doc-wait">{msg.waitForAdmin}</p>
            {preview('Documento de identidad cargado')}
          </>
        ) : (
          picker('Foto de tu documento')
        )}

        <ProgressBar value={progress} label="Subiendo imagen" />

        <div className="doc-actions">
          <button className="button" type="submit" disabled={busy || (hasImage && !replacing) || !file}>
            {replacing ? 'Subir nueva foto' : 'Subir Foto'}
          </button>
          {!replacing && (
            <button
              className="button button-secondary"
              type="button"
              disabled={busy || !hasImage}
              onClick={() => void onDelete()}
            >
              Eliminar Imagen
            </button>
          )}
        </div>
        {hasImage && !replacing && (
          <p className="field-hint">Para cambiarla, primero elimina la imagen actual.</p>
        )}
        {replacing && <p className="field-hint">La nueva foto reemplaza a la rechazada.</p>}
        <div aria-live="polite">
          <StatusMessage id={statusId} text={status} />
        </div>
      </form>
    </div>
  );
}

/** /FotoParaValidarCliente and /FotoParaValidarUsuario. */
export default function UploadDocumentPage({ kind }: { kind: ValidationKind }) {
  const site = useSite();
  useHead({ title: `Validar mi cuenta – ${site.name}`, robots: 'noindex,nofollow' });
  return (
    <section className="page">
      <h1 className="page-title">Validar mi cuenta</h1>
      <RequireAuth kind={kind}>
        <UploadDocument kind={kind} />
      </RequireAuth>
    </section>
  );
}
