import { Icon } from '../ui/icon.tsx';

/**
 * "Fotos verificadas": an admin compared a selfie holding a code with these
 * photos, and none was added or replaced since (the server clears the flag).
 */
export function VerifiedPhotosBadge({ compact = false }: { compact?: boolean }) {
  return (
    <p
      className={compact ? 'photo-badge photo-badge-compact' : 'photo-badge'}
      title="Un administrador comparó una selfie con código con estas fotos"
    >
      <Icon name="check" size={compact ? 14 : 16} />
      Fotos verificadas
    </p>
  );
}
