import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { limits } from '@encanto/core/constants';
import { reportCreateSchema, reportReasonLabels, reportReasons, type ReportCreate } from '@encanto/core/data-rights';
import { ApiError } from '../../../lib/api-client.ts';
import { reportProfile } from '../api/reports.ts';

/**
 * 'Denunciar perfil' on every public card: a native modal dialog (focus kept
 * inside, Escape closes) with the reasons and an optional detail. Anyone may
 * report; the server limits how often.
 */
export function ReportDialog({ nickname }: { nickname: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ReportCreate, unknown, z.output<typeof reportCreateSchema>>({
    resolver: zodResolver(reportCreateSchema),
    defaultValues: { nickname_usuario: nickname, detalle: '' },
  });
  const detail = form.watch('detalle') ?? '';
  const errors = form.formState.errors;

  const open = () => {
    setSent(null);
    setError(null);
    form.reset({ nickname_usuario: nickname, detalle: '' });
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await reportProfile(values);
      setSent(res.mensaje);
    } catch (err) {
      setError(err instanceof ApiError && err.mensaje ? err.mensaje : 'No se pudo enviar la denuncia. Inténtalo de nuevo.');
    }
  });

  return (
    <div className="dr-report">
      <button type="button" className="dr-report-open" onClick={open} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        Denunciar perfil
      </button>
      <dialog ref={dialog} className="dr-dialog" aria-labelledby={`${id}-title`}>
        <div className="dr-dialog-head">
          <h2 id={`${id}-title`}>Denunciar perfil</h2>
          <button type="button" className="dr-dialog-close" onClick={close} aria-label="Cerrar">
            ×
          </button>
        </div>
        {sent ? (
          <div className="dr-dialog-body">
            <p className="message message-success" role="status">
              {sent}
            </p>
            <button type="button" className="button button-block" onClick={close} autoFocus>
              Cerrar
            </button>
          </div>
        ) : (
          <form className="form dr-dialog-body" onSubmit={(e) => void submit(e)} noValidate>
            <fieldset className="field dr-reasons" aria-describedby={errors.motivo ? `${id}-motivo-error` : undefined}>
              <legend>¿Qué pasa con el perfil de {nickname}?</legend>
              {reportReasons.map((reason) => (
                <label key={reason} className="dr-reason">
                  <input type="radio" value={reason} {...form.register('motivo')} />
                  {reportReasonLabels[reason]}
                </label>
              ))}
              {errors.motivo && (
                <p className="field-error" id={`${id}-motivo-error`} role="alert">
                  {errors.motivo.message}
                </p>
              )}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-detalle`}>Cuéntanos más (opcional)</label>
              <textarea
                id={`${id}-detalle`}
                rows={4}
                maxLength={limits.reportDetailMax}
                aria-describedby={`${id}-count`}
                aria-invalid={errors.detalle ? true : undefined}
                {...form.register('detalle')}
              />
              <p className="field-hint" id={`${id}-count`}>
                {detail.length}/{limits.reportDetailMax}
              </p>
              {errors.detalle && <p className="field-error">{errors.detalle.message}</p>}
            </div>
            <p className="field-hint">
              Tu denuncia es confidencial: el perfil denunciado no sabrá quién la hizo. Si alguien está en peligro, llama al
              133 (Carabineros).
            </p>
            {error && (
              <p className="message message-error" role="alert">
                {error}
              </p>
            )}
            <div className="dr-actions">
              <button type="submit" className="button" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Enviando...' : 'Enviar denuncia'}
              </button>
              <button type="button" className="button button-secondary" onClick={close}>
                Cancelar
              </button>
            </div>
          </form>
        )}
      </dialog>
    </div>
  );
}
