import { lazy } from 'react';
import { Route } from 'react-router';

const UploadDocumentPage = lazy(() => import('./pages/upload-document-page.tsx'));
const PendingValidationPage = lazy(() => import('./pages/pending-validation-page.tsx'));

/** Validation screens inside the main layout; each is behind the own-account guard. */
export const validationRoutes = (
  <>
    <Route path="PendienteValidacion" element={<PendingValidationPage />} />
    <Route path="FotoParaValidarCliente" element={<UploadDocumentPage kind="cliente" />} />
    <Route path="FotoParaValidarUsuario" element={<UploadDocumentPage kind="usuario" />} />
  </>
);
