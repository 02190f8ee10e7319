import { useMyData } from '../../../lib/api/my-data.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * Tells an escort, at the top of her profile, that the site is hiding her
 * profile and why: on hold after a report that she may be a minor (an admin
 * will review it), or suspended by an admin after a report. The reason of an
 * admin suspension is not named: a trafficking report must not reach whoever
 * controls the account.
 */
export function ReviewNotice() {
  const session = useSession();
  const { data } = useMyData(session.signedIn);
  if (!data?.revision) return null;
  return (
    <section className="form-card review-notice" role="status" aria-labelledby="revision-title">
      <h2 id="revision-title">Tu perfil está oculto</h2>
      {data.revision === 'en_espera' ? (
        <>
          <p>
            Recibimos una denuncia que indica que podrías ser menor de edad. Por precaución, tu tarjeta, tus
            fotos y tu perfil no se muestran a nadie mientras la revisamos.
          </p>
          <p>
            Una persona de la administración revisará la denuncia junto con tu documento de identidad. Si todo
            está en orden, tu perfil vuelve a mostrarse apenas termine la revisión. No necesitas hacer nada.
          </p>
        </>
      ) : (
        <>
          <p>
            La administración suspendió tu perfil después de revisar una denuncia. Mientras siga suspendido,
            nadie puede verlo ni enviarte solicitudes.
          </p>
          <p>Tu perfil volverá a mostrarse cuando la administración lo reincorpore.</p>
        </>
      )}
    </section>
  );
}
