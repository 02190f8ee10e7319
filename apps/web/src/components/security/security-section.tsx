import { useSession } from '../../lib/session.ts';
import { useSessions } from '../../lib/api/security.ts';
import { FreshProofProvider } from './fresh-proof.tsx';
import { PasskeysBlock } from './passkeys-block.tsx';
import { SessionsBlock } from './sessions-block.tsx';
import { TwoFactorBlock } from './two-factor-block.tsx';

/**
 * 'SEGURIDAD' on both profile screens: two-step login, passkeys and the active sessions. Changing a
 * factor asks for the password when the server wants a fresh proof (fresh-proof.tsx).
 */
export function SecuritySection() {
  const session = useSession();
  const signedIn = session.signedIn;
  const sessions = useSessions(signedIn);
  if (!signedIn) return null;
  return (
    <section
      id="seguridad"
      tabIndex={-1}
      className="form-card profile-section sec-section"
      aria-labelledby="seguridad-title"
    >
      <h2 id="seguridad-title">SEGURIDAD</h2>
      <FreshProofProvider>
        <TwoFactorBlock onSessionsChanged={() => void sessions.refetch()} />
        <PasskeysBlock onSessionsChanged={() => void sessions.refetch()} />
      </FreshProofProvider>
      <SessionsBlock
        sessions={sessions.data}
        loading={sessions.isPending}
        refresh={() => sessions.refetch()}
      />
    </section>
  );
}
