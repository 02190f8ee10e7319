import { RequireAuth } from '../../../components/require-auth.tsx';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { MeetingsScreen } from '../components/meetings-screen.tsx';

/** /MisCitas: the client's requests and meetings. */
export default function MyMeetingsPage() {
  const site = useSite();
  useHead({ title: `Mis citas – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="cliente">
      <MeetingsScreen
        side="client"
        title="Mis citas"
        intro="Tus solicitudes, sus respuestas y tus citas. Cuando acepten, podrán conversar aquí sin compartir teléfonos."
      />
    </RequireAuth>
  );
}
