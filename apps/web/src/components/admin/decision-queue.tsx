import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage, type MessageKind } from '../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../lib/use-schema-form.ts';

type Show = (kind: MessageKind, text: string) => void;

/** What a queue gives each of its cards: whether a decision is under way, and how to make one. */
export interface QueueItem {
  busy: boolean;
  /** Runs a decision: its answer's `mensaje` or its error in the status line, then the list refreshed. */
  act: (call: () => Promise<{ mensaje: string }>) => void;
  /** Says why a decision was not sent (a note too short). */
  invalid: (text: string) => void;
}

/**
 * An admin console queue (alerts, attendance contests, signals, held photos, selfie checks): a titled section
 * with a status line, a skeleton while loading, an error or empty line, then one card per entry, each deciding
 * through `QueueItem` (most with a note: NoteDecision). One decision at a time: every card's buttons wait while
 * one runs. A queue nested in another's page reports through that page's status line (`show`) instead of a
 * line of its own.
 */
export function DecisionQueue<T>({
  titleId,
  title,
  intro,
  className,
  list,
  refresh,
  loadError,
  empty,
  keyOf,
  item,
  show: outerShow,
  after,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  className?: string;
  list: UseQueryResult<T[]>;
  refresh: () => Promise<unknown>;
  loadError: string;
  empty: string;
  keyOf: (entry: T) => string;
  item: (entry: T, queue: QueueItem) => ReactNode;
  show?: Show;
  /** Below the list, inside the section, with this queue's status line. */
  after?: (show: Show) => ReactNode;
}) {
  const { busyKey, run } = useAction<string>(refresh);
  const [message, ownShow] = useTimedMessage(5000);
  const show = outerShow ?? ownShow;
  const queueOf = (key: string): QueueItem => ({
    busy: busyKey !== null,
    act: (call) =>
      void run(
        call,
        {
          onSuccess: (res) => show('success', res.mensaje),
          onError: (err) => show('error', errorText(err, msg.genericRetry)),
        },
        key,
      ),
    invalid: (text) => show('error', text),
  });

  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="admin-section-title">
        {title}
      </h2>
      <p className="safety-meta">{intro}</p>
      {outerShow ? null : (
        <div aria-live="polite" className="message-slot">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
      )}
      {list.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : list.isError ? (
        <p className="message message-error">{loadError}</p>
      ) : list.data.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="safety-list">
          {list.data.map((entry) => (
            <Fragment key={keyOf(entry)}>{item(entry, queueOf(keyOf(entry)))}</Fragment>
          ))}
        </ul>
      )}
      {after?.(show)}
    </section>
  );
}

/**
 * A card's decision: the note every one needs (validated by `schema`, kept in the audit log) and a button per
 * decision. A refused note says its rule's words, or `fallback`.
 */
export function NoteDecision<D extends string>({
  queue,
  schema,
  fallback,
  fieldId,
  label,
  placeholder,
  hint,
  decisions,
  onDecide,
}: {
  queue: QueueItem;
  schema: ZodType<{ nota: string }, { nota: string }>;
  fallback: string;
  fieldId: string;
  label: string;
  placeholder: string;
  /** Said under the field: what becomes of the note beyond the audit log. */
  hint?: string;
  decisions: readonly { decision: D; label: string; className: string }[];
  onDecide: (decision: D, nota: string) => Promise<{ mensaje: string }>;
}) {
  const form = useSchemaForm(schema, { defaultValues: { nota: '' } });
  const decide = (decision: D) =>
    form.handleSubmit(
      ({ nota }) => queue.act(() => onDecide(decision, nota)),
      (errors) => queue.invalid(firstErrorOf(errors) ?? fallback),
    )();
  return (
    <div className="safety-actions">
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <input
          id={fieldId}
          maxLength={300}
          placeholder={placeholder}
          aria-describedby={hint ? `${fieldId}-hint` : undefined}
          {...form.register('nota')}
        />
        {hint ? (
          <p id={`${fieldId}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
      </div>
      {decisions.map((d) => (
        <button
          key={d.decision}
          type="button"
          className={d.className}
          disabled={queue.busy}
          onClick={() => void decide(d.decision)}
        >
          {d.label}
        </button>
      ))}
    </div>
  );
}
