import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../lib/logout.ts';
import { useSession } from '../../lib/session.ts';
import { useInstallOffer } from '../../lib/pwa.ts';
import { InstallAppEntry } from './install-app.tsx';

/**
 * '[nickname]' dropdown: closes on outside click or touch, on scroll and on Escape. The button says
 * whether it is open (aria-expanded); opened from the keyboard, focus goes to the first item, the
 * arrows move between items, and Escape closes it and gives focus back to the button (decision 0091).
 */
const firstItem = (box: HTMLElement | null) => box?.querySelector<HTMLElement>('[role="menuitem"]');

export function AccountMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const leave = useLogout();

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e.type === 'scroll' || !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    };
    // Tabbing out of the menu closes it, as a click outside does.
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget && !ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
    };
    const box = ref.current;
    box?.addEventListener('focusout', onFocusOut);
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
      window.removeEventListener('scroll', close);
      document.removeEventListener('keydown', onKey);
      box?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  const logout = () => {
    setOpen(false);
    return leave(paths.home);
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
        ref={buttonRef}
        onClick={(e) => {
          // detail 0: Enter or Space, not a pointer; the keyboard user lands on the first item.
          const byKeyboard = e.detail === 0;
          setOpen((v) => !v);
          if (byKeyboard && !open) requestAnimationFrame(() => firstItem(ref.current)?.focus());
        }}
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
              <li role="none">
                <Link role="menuitem" to={paths.savedSearches} onClick={() => setOpen(false)}>
                  Mis búsquedas
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
          <InstallMenuItem close={() => setOpen(false)} />
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

/** "Instalar app" in the menu, where the browser can install the site (decision 0166). */
function InstallMenuItem({ close }: { close: () => void }) {
  if (!useInstallOffer()) return null;
  return (
    <li role="none" className="account-menu-install">
      <InstallAppEntry variant="menuitem" onDone={close} />
    </li>
  );
}
