import { useLocation } from 'react-router';

/** Route state the validation screen leaves when it brings a just-approved account to its area. */
export interface ApprovedState {
  aprobada?: boolean;
}

export const approvedState: ApprovedState = { aprobada: true };

/**
 * The success line on the page an account lands on right after its approval;
 * route state, so a reload or a later visit does not repeat it.
 */
export function ApprovedMessage({ children }: { children: string }) {
  const location = useLocation();
  if ((location.state as ApprovedState | null)?.aprobada !== true) return null;
  return (
    <p className="message message-success" role="status" data-testid="approved-message">
      {children}
    </p>
  );
}
