import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

export const escortSections = [
  { id: 'cambiar-estado', label: 'Cambiar Estado' },
  { id: 'actualizar-datos', label: 'Actualizar Datos' },
  { id: 'cambiar-foto', label: 'Cambiar foto Perfil' },
  { id: 'cambiar-contrasena', label: 'Cambiar Contraseña' },
  { id: 'calificar-clientes', label: 'Calificar Clientes' },
] as const;

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Move focus too, so keyboard and screen-reader users land where they asked.
  target.focus({ preventScroll: true });
}

/**
 * The escort profile's sidebar: photo, name, links that scroll to each section,
 * and 'Verificar Cuenta' (disabled once the account is verified).
 */
export function EscortSidebar({
  url,
  apellido,
  nickname,
  verified,
}: {
  url: string | undefined;
  apellido: string;
  nickname: string;
  verified: boolean;
}) {
  return (
    <aside className="profile-sidebar" aria-label="Menú del perfil">
      <div className="profile-sidebar-head">
        <ProfileAvatar url={url} name={apellido || nickname} />
        <div>
          <p className="profile-sidebar-name">{apellido || nickname}</p>
          <p className="profile-sidebar-nick">@{nickname}</p>
        </div>
      </div>
      <nav className="profile-sidebar-links" aria-label="Secciones del perfil">
        {escortSections.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            onClick={(e) => {
              e.preventDefault();
              scrollToSection(s.id);
            }}
          >
            {s.label}
          </a>
        ))}
        {verified ? (
          <span className="profile-verify profile-verify-ok" aria-disabled="true">
            <Icon name="check" size={18} />
            Verificar Cuenta
            <span className="visually-hidden">(cuenta verificada)</span>
          </span>
        ) : (
          <Link to={paths.uploadDocEscort} className="profile-verify profile-verify-alert">
            <Icon name="alert" size={18} />
            Verificar Cuenta
            <span className="visually-hidden">(pendiente)</span>
          </Link>
        )}
      </nav>
    </aside>
  );
}
