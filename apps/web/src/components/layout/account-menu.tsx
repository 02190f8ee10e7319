import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api-client.ts';
import { clearSession, useSession } from '../../lib/session.ts';

/** '[nickname]' dropdown: closes on outside click or touch, on scroll and on Escape. */
export function AccountMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e.type === 'scroll' || !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
      window.removeEventListener('scroll', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = async () => {
    setOpen(false);
    // Revoke on the server first; the local session is cleared whatever the answer.
    await api('/logout', { method: 'POST' }).catch(() => undefined);
    clearSession();
    queryClient.clear();
    // A full load of / drops every in-memory trace of the account, and no
    // own-account guard still on screen can send the visitor to /Login instead.
    window.location.assign(paths.home);
  };

  const settings =
    session.role === 'usuario'
      ? paths.escortHome
      : session.role === 'admin'
        ? paths.adminPanel
        : paths.clientProfile;

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        [{session.nickname}]
      </button>
      {open && (
        <ul className="account-menu-list" role="menu">
          {session.role === 'usuario' && (
            <li role="none">
              <Link role="menuitem" to={paths.ownCard(session.nickname ?? '')} onClick={() => setOpen(false)}>
                Perfil
              </Link>
            </li>
          )}
          <li role="none">
            <Link role="menuitem" to={settings} onClick={() => setOpen(false)}>
              Configuración
            </Link>
          </li>
          {session.role === 'cliente' && (
            <>
              <li role="none">
                <Link role="menuitem" to={paths.myMeetings} onClick={() => setOpen(false)}>
                  Mis citas
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" to={paths.favorites} onClick={() => setOpen(false)}>
                  Favoritos
                </Link>
              </li>
            </>
          )}
          {session.role === 'usuario' && (
            <li role="none">
              <Link role="menuitem" to={paths.requests} onClick={() => setOpen(false)}>
                Solicitudes
              </Link>
            </li>
          )}
          <li role="none">
            <button role="menuitem" type="button" onClick={() => void logout()}>
              Salir
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
