import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { ValidationKind } from '@encanto/core/validation';
import { FilePicker } from '../../../components/file-picker.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';
import {
  deleteDocument,
  fetchDocumentInfo,
  uploadDocument,
  usePrivateImage,
} from '../../../lib/api/documents.ts';

/** Status text is green, or red when it starts with 'Error' (spec). */
function StatusMessage({ text }: { text: string }) {
  if (!text) return null;
  const error = text.startsWith('Error');
  return (
    <p className={`message ${error ? 'message-error' : 'message-success'}`} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

function UploadDocument({ kind }: { kind: ValidationKind }) {
  const session = useSession();
  const nickname = session.nickname ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const profile = kind === 'cliente' ? paths.clientProfile : paths.escortProfile;

  const queryKey = ['validation-document', kind, nickname] as const;
  const { busy, run } = useAction(() =>
    Promise.all([
      // The server clears the authorisation message with an upload; refresh what shows it.
      queryClient.invalidateQueries({ queryKey: ['notices'] }),
      queryClient.invalidateQueries({ queryKey }),
    ]),
  );
  const info = useQuery({
    queryKey,
    queryFn: () => fetchDocumentInfo(kind, nickname),
    enabled: nickname !== '',
    retry: false,
  });
  const image = usePrivateImage(info.data?.imageUrl);
  const validated =
    info.error instanceof ApiError &&
    info.error.status === 403 &&
    info.error.mensaje === msg.accountValidated;
  const hasImage = Boolean(info.data);

  // The redirect timer must not fire after the person has left the page.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onUpload(event: FormEvent) {
    event.preventDefault();
    if (hasImage) {
      setStatus(msg.deleteImageFirst);
      return;
    }
    if (!file || !nickname) {
      setStatus(msg.fileAndNicknameRequired);
      return;
    }
    setProgress(0);
    setStatus('');
    await run(() => uploadDocument(kind, nickname, file, setProgress), {
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
    });
  }

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

  return (
    // With a document under review the status comes first on phones; the instructions matter less then.
    <div className={`doc-upload${hasImage ? ' doc-upload-waiting' : ''}`}>
      <section className="form-card doc-instructions" aria-labelledby={`${inputId}-how`}>
        <h2 id={`${inputId}-how`}>Sube tu documento de identidad</h2>
        <p>
          Para validar tu cuenta necesitamos una foto de tu documento de identidad: cédula de identidad,
          pasaporte o licencia de conducir. Tómala de frente, con buena luz y sin reflejos, de modo que se
          lean tu nombre, tu RUT y tu fecha de nacimiento.
        </p>
        <figure className="doc-example">
          <img
            src="/assets/ejemplo-documento.svg"
            alt="Ejemplo: una cédula completa, derecha y bien iluminada"
            width={480}
            height={300}
          />
          <figcaption>Ejemplo de foto correcta</figcaption>
        </figure>
        <p className="field-hint">
          Tu documento se guarda cifrado y solo lo ve el Administrador para validar tu cuenta. Nunca se
          publica.
        </p>
      </section>

      <form className="form-card doc-form" onSubmit={(e) => void onUpload(e)} aria-busy={busy}>
        {info.isPending && nickname ? (
          <p aria-live="polite">Cargando...</p>
        ) : hasImage ? (
          <>
            <p className="message doc-wait">{msg.waitForAdmin}</p>
            <div className="doc-preview">
              {image.status === 'ready' ? (
                <img src={image.src} alt="Documento de identidad cargado" />
              ) : image.status === 'error' ? (
                <p className="message message-error">{msg.imageFetchError}</p>
              ) : (
                <div className="skeleton doc-preview-skeleton" aria-label="Cargando imagen" />
              )}
            </div>
          </>
        ) : (
          <div className="field">
            <label htmlFor={inputId}>Foto de tu documento</label>
            <FilePicker
              ref={fileInput}
              id={inputId}
              file={file}
              label="Elegir foto"
              hint={`JPG, PNG, WebP o HEIC, hasta ${limits.documentMaxBytes / (1024 * 1024)} MB`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setStatus('');
              }}
            />
          </div>
        )}

        {progress !== null && (
          <div
            className="progress"
            role="progressbar"
            aria-label="Subiendo imagen"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="progress-bar" style={{ width: `${progress}%` }} />
          </div>
        )}

        <div className="doc-actions">
          <button className="button" type="submit" disabled={busy || hasImage || !file}>
            Subir Foto
          </button>
          <button
            className="button button-secondary"
            type="button"
            disabled={busy || !hasImage}
            onClick={() => void onDelete()}
          >
            Eliminar Imagen
          </button>
        </div>
        {hasImage && <p className="field-hint">Para cambiarla, primero elimina la imagen actual.</p>}
        <div aria-live="polite">
          <StatusMessage text={status} />
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
