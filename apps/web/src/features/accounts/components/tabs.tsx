import { NavLink } from 'react-router';

/** The CLIENTE / ESCORT tabs of the login and registration wrappers (links, so each tab has its own URL). */
export function AccountTabs({
  label,
  client,
  escort,
  clientActive,
}: {
  label: string;
  client: string;
  escort: string;
  clientActive: boolean;
}) {
  return (
    <nav className="account-tabs" aria-label={label}>
      <NavLink
        to={client}
        className={({ isActive }) => `account-tab${isActive || clientActive ? ' active' : ''}`}
        aria-current={clientActive ? 'page' : undefined}
      >
        CLIENTE
      </NavLink>
      <NavLink to={escort} className={({ isActive }) => `account-tab${isActive ? ' active' : ''}`}>
        ESCORT
      </NavLink>
    </nav>
  );
}
