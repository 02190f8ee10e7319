import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { LoginInput } from '@encanto/core/accounts';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { AccountTabs } from '../components/tabs.tsx';
import type { LoginDraft } from '../components/login-form.tsx';

/** /Login: tabs CLIENTE and ESCORT; the index shows the client login. */
export default function LoginLayout() {
  const site = useSite();
  const location = useLocation();
  useHead({
    title: `Ingresar – ${site.name}`,
    description: `Ingresa a tu cuenta de ${site.name} como cliente o escort.`,
    canonical: `${site.url}${paths.login}`,
  });
  // What was typed stays when the tab changes: the e-mail, not the tab, decides the account (decision 0140).
  const [draft, setDraft] = useState<LoginInput>({ email: '', pass: '' });
  const kept: LoginDraft = { draft, setDraft };
  const onIndex = location.pathname.replace(/\/$/, '') === paths.login;
  return (
    <div className="page account-page">
      <AccountTabs
        label="Tipo de cuenta"
        client={paths.clientLogin}
        escort={paths.escortLogin}
        clientActive={onIndex}
      />
      <Outlet context={kept} />
    </div>
  );
}
