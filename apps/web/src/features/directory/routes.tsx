import { lazy } from 'react';

// Loaded on demand: each page's code arrives only when someone opens it.
export const directoryPages = {
  CityLanding: lazy(() => import('./pages/city-landing-page.tsx')),
  Card: lazy(() => import('./pages/card-page.tsx')),
  OwnCard: lazy(() => import('./pages/own-card-page.tsx')),
  LaSerena: lazy(() => import('./pages/la-serena-page.tsx')),
  /** "Mis búsquedas": a section of the client's area (app.tsx places it). */
  SavedSearches: lazy(() => import('./pages/saved-searches-page.tsx')),
};
