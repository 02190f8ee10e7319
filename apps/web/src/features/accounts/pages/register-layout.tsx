import { Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { AccountTabs } from '../components/tabs.tsx';

/** /registro: tabs CLIENTE and ESCORT; the index shows the client form. */
export default function RegisterLayout() {
  const site = useSite();
  const location = useLocation();
  useHead({
    title: `Registro – ${site.name}`,
    description: `Crea tu cuenta de cliente o escort en ${site.name}. Solo mayores de 18 años.`,
    canonical: `${site.url}${paths.register}`,
  });
  const onIndex = location.pathname.replace(/\/$/, '') === paths.register;
  return (
    <div className="page account-page">
      <AccountTabs
        label="Tipo de cuenta"
        client={paths.registerClient}
        escort={paths.registerEscort}
        clientActive={onIndex}
      />
      <Outlet />
    </div>
  );
}
