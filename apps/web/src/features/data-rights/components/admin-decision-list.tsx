import type { ReactNode } from 'react';

export type DecisionFilter = 'abierta' | 'todas';
export type DecisionStatus = { text: string; error: boolean } | null;

interface Props<T> {
  titleId: string;
  title: string;
  filter: DecisionFilter;
  onFilter: (filter: DecisionFilter) => void;
  status: DecisionStatus;
  query: { isPending: boolean; isError: boolean; data?: T[] | undefined };
  loadError: string;
  emptyOpen: string;
  emptyAll: string;
  children: (items: T[]) => ReactNode;
}

/**
 * The shell both admin decision lists share (reports, rectifications): title
 * with the open count, Abiertas/Todas filter, the last decision's message and
 * the loading, error and empty states.
 */
export function AdminDecisionList<T>(props: Props<T>) {
  const { filter, onFilter, status, query } = props;
  return (
    <section aria-labelledby={props.titleId} className="dr-admin">
      <div className="admin-section-head">
        <h2 id={props.titleId} className="admin-section-title">
          {props.title}
        </h2>
        {query.data && filter === 'abierta' && <span className="admin-count">{query.data.length}</span>}
      </div>
      <div className="chip-row" role="group" aria-label="Mostrar">
        <button
          type="button"
          className="chip"
          aria-pressed={filter === 'abierta'}
          onClick={() => onFilter('abierta')}
        >
          Abiertas
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={filter === 'todas'}
          onClick={() => onFilter('todas')}
        >
          Todas
        </button>
      </div>
      <div aria-live="polite">
        {status && (
          <p
            className={`message ${status.error ? 'message-error' : 'message-success'}`}
            role={status.error ? 'alert' : 'status'}
          >
            {status.text}
          </p>
        )}
      </div>
      {query.isPending ? (
        <div className="skeleton" style={{ height: 200 }} />
      ) : query.isError || !query.data ? (
        <p className="message message-error">{props.loadError}</p>
      ) : query.data.length === 0 ? (
        <p className="empty">{filter === 'abierta' ? props.emptyOpen : props.emptyAll}</p>
      ) : (
        props.children(query.data)
      )}
    </section>
  );
}
