import { RequireAuth } from '../../../components/require-auth.tsx';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { MeetingsScreen } from '../components/meetings-screen.tsx';

/** /Solicitudes: the escort's requests to answer and her meetings. */
export default function RequestsPage() {
  const site = useSite();
  useHead({ title: `Solicitudes – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="usuario">
      <MeetingsScreen
        side="escort"
        title="Solicitudes"
        intro="Acepta, rechaza o propone otra hora. Con las citas aceptadas puedes conversar aquí sin compartir tu teléfono."
      />
    </RequireAuth>
  );
}
