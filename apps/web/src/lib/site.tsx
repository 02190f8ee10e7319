import { createContext, useContext } from 'react';
import type { SsrSite } from '@encanto/core/ssr';

/** Name, address and support e-mail, as the server sends them with every page. */
export type SiteInfo = SsrSite;

/** The server's defaults, for a page that was not rendered by the server (the Vite dev server). */
export const defaultSite: SiteInfo = {
  name: 'Encanto',
  url: 'http://localhost:3000',
  supportEmail: 'soporte@encanto.local',
};

export const SiteContext = createContext<SiteInfo>(defaultSite);

export const useSite = () => useContext(SiteContext);
