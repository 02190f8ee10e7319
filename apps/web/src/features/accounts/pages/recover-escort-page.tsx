import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { RecoverForm } from '../components/recover-form.tsx';

export default function RecoverEscortPage() {
  const site = useSite();
  useHead({ title: `Recuperar contraseña – ${site.name}`, robots: 'noindex,nofollow' });
  return (
    <div className="page account-page">
      <RecoverForm type="usuario" />
    </div>
  );
}
