import { useHead } from './head.tsx';
import { useSite } from './site.tsx';

/** The console's name, in every admin page title and as its heading. */
export const ADMIN_PANEL = 'Panel de Pendientes';

/**
 * Each admin page's own title ('Escorts pendientes – Panel de Pendientes – Encanto'),
 * so tabs and history entries say which list they hold; never indexed.
 */
export function useAdminHead(section: string | null): void {
  const site = useSite();
  const title = section ? `${section} – ${ADMIN_PANEL} – ${site.name}` : `${ADMIN_PANEL} – ${site.name}`;
  useHead({ title, robots: 'noindex,nofollow' });
}
