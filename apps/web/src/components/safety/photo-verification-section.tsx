import { useId, useRef, useState, type ChangeEvent, type BaseSyntheticEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { formatClockTime, formatDate, formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { selfieFormSchema, type PhotoCode } from '@encanto/core/safety';
import { FilePicker } from '../file-picker.tsx';
import { VerifiedPhotosBadge } from '../card/verified-photos-badge.tsx';
import { errorText } from '../../lib/api-client.ts';
import {
  issuePhotoCode,
  photoStatePath,
  uploadSelfie,
  usePhotoVerification,
  useRefresh,
} from '../../lib/api/safety.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';
import { ProgressBar } from '../ui/progress-bar.tsx';

/**
 * "Verificar fotos" on the escort's profile: a code to write on paper, a selfie
 * holding it, then the admin's answer. Approved accounts only (the server
 * refuses the rest too).
 */
export function PhotoVerificationSection({ approved }: { approved: boolean }) {
  const id = useId();
  const state = usePhotoVerification(approved);
  const refresh = useRefresh(photoStatePath);
  const [issued, setCode] = useState<PhotoCode | null>(null);
  // After a reload (Android reloads when she switches to the camera) the live code comes back with the
  // state, so the paper she wrote stays valid (decision 0146).
  const code = issued ?? state.data?.codigo ?? null;
  const form = useSchemaForm(selfieFormSchema);
  const file = useWatch({ control: form.control, name: 'archivo' }) ?? null;
  const [progress, setProgress] = useState<number | null>(null);
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(6000);
  const fileInput = useRef<HTMLInputElement>(null);

  const getCode = () =>
    run(issuePhotoCode, {
      onSuccess: (c) => setCode(c),
      onError: (err) => show('error', errorText(err, msg.photoCheckNotApproved)),
    });

  const send = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(
      ({ archivo }) => {
        if (!code) return show('error', msg.fileAndNicknameRequired);
        setProgress(0);
        return run(() => uploadSelfie(code.codigo, archivo, setProgress), {
          onSuccess: (res) => {
            show('success', res.mensaje);
            setCode(null);
            form.reset();
            if (fileInput.current) fileInput.current.value = '';
          },
          onError: (err) => show('error', errorText(err, msg.imageUploadError)),
          onSettled: () => setProgress(null),
        });
      },
      (errors) => show('error', firstErrorOf(errors) ?? msg.fileAndNicknameRequired),
    )(e);

  const last = state.data?.ultima ?? null;
  const pending = last?.estado === 'pendiente';
  const verified = state.data?.fotos_verificadas ?? false;

  return (
    <section
      id="verificar-fotos"
      tabIndex={-1}
      className="form-card profile-section"
      aria-labelledby={`${id}-t`}
    >
      <h2 id={`${id}-t`}>VERIFICAR FOTOS</h2>
      {!approved ? (
        <p className="field-hint">Podrás verificar tus fotos cuando tu cuenta esté autorizada.</p>
      ) : state.isPending ? (
        <div className="skeleton" style={{ height: 80 }} />
      ) : (
        <>
          {verified ? (
            <>
              <VerifiedPhotosBadge />
              <p className="field-hint">
                Tu perfil muestra la insignia. Si cambias tu foto de perfil o agregas imágenes a tu galería,
                se quita hasta que verifiques de nuevo.
              </p>
            </>
          ) : (
            <p className="field-hint">
              Muestra a los clientes que tus fotos son reales: envía una selfie sosteniendo un papel con el
              código que te damos. Un administrador la compara con tus fotos y tu perfil muestra «Fotos
              verificadas».
            </p>
          )}
          {pending ? (
            <p className="message message-warning" role="status">
              Tu selfie está en revisión (enviada el {formatDate(last.enviada)}).
            </p>
          ) : null}
          {last?.estado === 'rechazada' ? (
            <p className="message message-error">
              No pudimos verificar tu última selfie. Motivo: {last.motivo}
            </p>
          ) : null}
          {!pending && !verified ? (
            code ? (
              <div className="field">
                <p className="safety-code" aria-label={`Código ${code.codigo.split('').join(' ')}`}>
                  {code.codigo}
                </p>
                <ol className="safety-steps">
                  <li>Escribe este código a mano en un papel.</li>
                  <li>Tómate una selfie sosteniendo el papel, con tu cara y el código bien visibles.</li>
                  <li>Súbela antes de las {formatClockTime(code.vence)}; después el código vence.</li>
                </ol>
                <FilePicker
                  ref={fileInput}
                  id={`${id}-file`}
                  label="Elegir selfie"
                  hint="JPG, PNG o WebP, máx. 8 MB. Solo la ve el administrador."
                  file={file}
                  disabled={busy}
                  onChange={(e: ChangeEvent<HTMLInputElement>) =>
                    form.setValue('archivo', e.target.files?.[0] ?? (undefined as never))
                  }
                />
                <button type="button" className="button" onClick={() => void send()} disabled={busy || !file}>
                  {busy && progress !== null ? 'Enviando...' : 'Enviar selfie'}
                </button>
              </div>
            ) : (
              <button type="button" className="button" onClick={() => void getCode()} disabled={busy}>
                Obtener código
              </button>
            )
          ) : null}
          <ProgressBar value={progress} label="Progreso de la carga" />
          {last?.decidida && last.estado === 'aprobada' ? (
            <p className="safety-meta">Última verificación: {formatDateTime(last.decidida)}</p>
          ) : null}
        </>
      )}
      <div aria-live="polite" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
    </section>
  );
}
