import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

const UploadDocumentPage = lazy(() => import('./pages/upload-document-page.tsx'));
const PendingValidationPage = lazy(() => import('./pages/pending-validation-page.tsx'));

/** Validation screens inside the main layout; each is behind the own-account guard. */
export const validationRoutes = (
  <>
    <Route path={pages.pending.pattern} element={<PendingValidationPage />} />
    <Route path={pages.uploadDocClient.pattern} element={<UploadDocumentPage kind="cliente" />} />
    <Route path={pages.uploadDocEscort.pattern} element={<UploadDocumentPage kind="usuario" />} />
  </>
);
