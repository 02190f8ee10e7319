import type { AdminProfile } from '@encanto/core/data-rights';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '@encanto/core/chile-time';

/** Whether the public sees the profile and, when the site hides it, which decision did and why. */
export function ProfileHold({ profile }: { profile: AdminProfile }) {
  const hold = profile.retencion;
  if (hold) {
    return (
      <div className={`profile-hold profile-hold-${hold.estado}`} role="status">
        <Icon name="alert" size={24} />
        <div>
          <strong>
            {hold.estado === 'en_espera'
              ? 'En espera: el perfil está oculto hasta que decidas sus denuncias.'
              : 'Suspendido: el perfil está oculto hasta que lo reincorpores.'}
          </strong>
          {hold.motivo && <p>Motivo: {hold.motivo}.</p>}
          {hold.desde && (
            <p>
              Oculto desde el <time dateTime={hold.desde}>{formatDateTime(hold.desde)}</time>
            </p>
          )}
          <p className="profile-hold-note">
            Nadie lo ve en los listados, en su tarjeta ni en su galería; la escort ve un aviso en su perfil.
          </p>
        </div>
      </div>
    );
  }
  const why =
    profile.autorizado !== 'aprobado'
      ? 'No se publica: la cuenta aún no está autorizada.'
      : profile.pausado
        ? 'No se publica: la escort pausó su perfil.'
        : profile.estado === 'inactiva'
          ? 'Su tarjeta es pública pero no aparece en los listados: está inactiva.'
          : !profile.listado
            ? 'Su tarjeta es pública pero no aparece en los listados: le falta una foto propia.'
            : 'Visible: aparece en los listados y su tarjeta es pública.';
  return (
    <p className={`profile-hold ${profile.listado ? 'profile-hold-visible' : ''}`} role="status">
      <Icon name={profile.listado ? 'eye' : 'alert'} size={22} />
      <span>{why}</span>
    </p>
  );
}
