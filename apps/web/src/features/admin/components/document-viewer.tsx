import { useState, type ReactNode } from 'react';
import { msg } from '@encanto/core/messages';
import type { ValidationKind } from '@encanto/core/validation';
import { useDocumentInfo, usePrivateImage } from '../../../lib/api/documents.ts';
import { Modal } from './modal.tsx';

export interface ViewedAccount {
  kind: ValidationKind;
  nickname: string;
  /** Label/value pairs shown beside the photo, to compare with the document. */
  details: [string, ReactNode][];
}

const ZOOMS = [1, 1.5, 2, 3];

/** Ver datos: the uploaded document, large, with zoom, next to the data it must match. */
export function DocumentViewer({
  account,
  onClose,
  actions,
  warning,
}: {
  account: ViewedAccount;
  onClose: () => void;
  actions?: ReactNode;
  /** Shown above the data, before anything else (an under-18 birth date). */
  warning?: ReactNode;
}) {
  const info = useDocumentInfo(account.kind, account.nickname, { staleTime: 0 });
  const image = usePrivateImage(info.data?.imageUrl);
  const [zoom, setZoom] = useState(0);

  return (
    <Modal title={`Datos de ${account.nickname}`} onClose={onClose} wide>
      {warning}
      <div className="doc-viewer">
        <dl className="doc-viewer-data">
          {account.details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="doc-viewer-photo">
          <div className="doc-zoom" role="group" aria-label="Zoom">
            <button
              type="button"
              className="button button-secondary"
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
              aria-label="Alejar"
            >
              −
            </button>
            <span aria-live="polite">{Math.round(ZOOMS[zoom]! * 100)}%</span>
            <button
              type="button"
              className="button button-secondary"
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              aria-label="Acercar"
            >
              +
            </button>
          </div>
          <div className="doc-stage" tabIndex={0} aria-label="Documento (desplázate para recorrerlo)">
            {info.isPending || image.status === 'loading' ? (
              <div className="skeleton doc-preview-skeleton" role="status" aria-label="Cargando imagen" />
            ) : info.data === null ? (
              <p className="empty">Esta cuenta aún no ha subido su documento.</p>
            ) : image.status === 'ready' ? (
              <img
                src={image.src}
                alt={`Documento de identidad de ${account.nickname}`}
                style={{ width: `${ZOOMS[zoom]! * 100}%` }}
                onClick={() => setZoom((z) => (z === ZOOMS.length - 1 ? 0 : z + 1))}
              />
            ) : (
              <p className="message message-error">{msg.imageFetchError}</p>
            )}
          </div>
        </div>
      </div>
      {actions && <div className="doc-actions doc-viewer-actions">{actions}</div>}
    </Modal>
  );
}
