import type { ReactNode } from 'react';
import type { TimedMessage } from '../../lib/use-timed-message.ts';

/**
 * One on/off setting of an account page (pause, refusing alerted clients, the watermark): its title, a
 * state line with a coloured dot, why it matters, one button that flips it, and the answer's message.
 */
export function SettingSwitch({
  title,
  testId,
  on,
  lit = on,
  state,
  hint,
  labels,
  busy,
  disabled = false,
  onToggle,
  flash,
  children,
}: {
  title: string;
  /** Names the state line for the browser tests. */
  testId: string;
  on: boolean;
  /** Whether the dot is green: the state people want to be in (for a pause, off). */
  lit?: boolean;
  state: string;
  hint: string;
  /** The button's words while the setting is on, and while it is off. */
  labels: { on: string; off: string };
  busy: boolean;
  disabled?: boolean;
  onToggle: () => void;
  flash: TimedMessage | null;
  /** Said between the hint and the button (a notice that overrides the setting). */
  children?: ReactNode;
}) {
  return (
    <div className="dr-block">
      <h3>{title}</h3>
      <p className="dr-state" data-testid={testId}>
        <span className={`dr-dot ${lit ? 'dr-dot-on' : 'dr-dot-off'}`} aria-hidden="true" />
        {state}
      </p>
      <p className="field-hint">{hint}</p>
      {children}
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || disabled}
        aria-pressed={on}
        onClick={onToggle}
      >
        {busy ? 'Guardando...' : on ? labels.on : labels.off}
      </button>
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
