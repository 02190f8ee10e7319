import { lazy } from 'react';
import { Route } from 'react-router';

// Loaded on demand: the uploader is not on any visitor's first page.
const GalleryUploadPage = lazy(() => import('./pages/gallery-upload-page.tsx'));

/** /ImagenesUsuario, placed inside the main layout by app.tsx. */
export const galleryRoutes = <Route path="ImagenesUsuario" element={<GalleryUploadPage />} />;
