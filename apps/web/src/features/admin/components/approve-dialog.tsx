import { useId } from 'react';
import type { ValidationKind } from '@encanto/core/validation';
import { useDocumentInfo, usePrivateImage } from '../../../lib/api/documents.ts';
import { type PendingRow } from '../pending-kinds.ts';
import { BirthDate } from './birth-date.tsx';
import { Modal } from './modal.tsx';

/**
 * Autorizar asks first: approving lets the person in (an escort is published at
 * once), so the admin sees again whom and confirms having checked the document. The document itself is
 * in the confirmation, beside the data, so the dialog never hides what is being checked (decision 0147).
 */
export function ApproveDialog({
  kind,
  row,
  noun,
  busy,
  onConfirm,
  onClose,
}: {
  kind: ValidationKind;
  row: PendingRow;
  /** 'escort' or 'cliente', for the sentence that says what happens. */
  noun: string;
  /** The approval is on its way (the page's action kit). */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const describedBy = useId();
  const info = useDocumentInfo(kind, row.nickname);
  const image = usePrivateImage(info.data?.imageUrl);
  return (
    <Modal title={`¿Autorizar a ${row.nickname}?`} onClose={onClose} confirm describedBy={describedBy}>
      <div className="confirm-body">
        <p id={describedBy}>
          Autoriza solo si revisaste el documento: el nombre, el RUT y la fecha de nacimiento deben coincidir
          con la foto.{' '}
          {noun === 'escort'
            ? 'Su perfil se publicará de inmediato y recibirá un aviso por correo.'
            : 'Podrá usar el sitio de inmediato y recibirá un aviso por correo.'}
        </p>
        <dl className="confirm-data">
          <div>
            <dt>Nombre</dt>
            <dd>{row.nombre}</dd>
          </div>
          <div>
            <dt>RUT</dt>
            <dd>{row.rut}</dd>
          </div>
          <div>
            <dt>Nacimiento</dt>
            <dd>
              <BirthDate fecha={row.fechaNac} edad={row.edad} />
            </dd>
          </div>
        </dl>
        <div className="confirm-document">
          {image.status === 'ready' ? (
            <img src={image.src} alt={`Documento de identidad de ${row.nickname}`} />
          ) : (
            <div
              className="skeleton confirm-document-skeleton"
              role="status"
              aria-label="Cargando documento"
            />
          )}
        </div>
        <div className="doc-actions confirm-actions">
          <button type="button" className="button button-secondary" onClick={onClose} data-autofocus>
            Cancelar
          </button>
          <button type="button" className="button" disabled={busy} onClick={onConfirm}>
            Sí, autorizar
          </button>
        </div>
      </div>
    </Modal>
  );
}
