import type { ReactNode } from 'react';
import type { KindLabel } from '@encanto/core/notifications';

/** One setting as a switch (role="switch"): its title, the line under it, saved as it changes. */
export function SwitchRow({
  title,
  hint,
  checked,
  disabled,
  onChange,
  className,
}: KindLabel & {
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  className?: string;
}) {
  return (
    <li className={className}>
      <label className="switch-row">
        <span className="switch-text">
          <span className="switch-title">{title}</span>
          <span className="switch-hint">{hint}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
      </label>
    </li>
  );
}

/**
 * A channel's switches (mail: NotificationSettings, push: PushSettings): one per kind of the person's side,
 * in the words of core's one list of kinds (notificationLabels, pushLabels), then the channel's own rows.
 */
export function KindSwitches<K extends string>({
  kinds,
  labels,
  checked,
  busyKey,
  onToggle,
  children,
}: {
  kinds: readonly K[];
  labels: Record<K, KindLabel>;
  checked: (kind: K) => boolean;
  busyKey: unknown;
  onToggle: (kind: K, on: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <ul className="notification-list">
      {kinds.map((kind) => (
        <SwitchRow
          key={kind}
          title={labels[kind].title}
          hint={labels[kind].hint}
          checked={checked(kind)}
          disabled={busyKey === kind}
          onChange={(on) => onToggle(kind, on)}
        />
      ))}
      {children}
    </ul>
  );
}
