import { Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { AccountTabs } from '../components/tabs.tsx';

/** /Login: tabs CLIENTE and ESCORT; the index shows the client login. */
export default function LoginLayout() {
  const site = useSite();
  const location = useLocation();
  useHead({
    title: `Ingresar – ${site.name}`,
    description: `Ingresa a tu cuenta de ${site.name} como cliente o escort.`,
    canonical: `${site.url}${paths.login}`,
  });
  const onIndex = location.pathname.replace(/\/$/, '') === paths.login;
  return (
    <div className="page account-page">
      <AccountTabs
        label="Tipo de cuenta"
        client={paths.clientLogin}
        escort={paths.escortLogin}
        clientActive={onIndex}
      />
      <Outlet />
    </div>
  );
}
