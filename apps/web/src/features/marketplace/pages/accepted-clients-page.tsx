import { RequireAuth } from '../../../components/require-auth.tsx';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { ClientsToRate } from '../../../components/requests/to-rate.tsx';

/** /clientes-aceptados: the escort's accepted clients still to rate, on a page of their own. */
export default function AcceptedClientsPage() {
  const site = useSite();
  useHead({ title: `Clientes aceptados – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="usuario">
      <div className="page accepted-page">
        <ClientsToRate headingLevel={1} />
      </div>
    </RequireAuth>
  );
}
