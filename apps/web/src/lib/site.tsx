import { createContext, useContext } from 'react';

export interface SiteInfo {
  name: string;
  url: string;
}

export const SiteContext = createContext<SiteInfo>({ name: 'Encanto', url: 'http://localhost:3000' });

export const useSite = () => useContext(SiteContext);
