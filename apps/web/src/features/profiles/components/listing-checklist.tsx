import { Link } from 'react-router';
import type { ListingRequirement } from '@encanto/core/accounts';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';

const steps: Record<ListingRequirement, { text: string; to: string; action: string }> = {
  foto: {
    text: 'Sube una foto tuya (la imagen predeterminada no cuenta).',
    to: paths.photos,
    action: 'Subir foto',
  },
  nombre: { text: 'Escribe tu nombre para mostrar.', to: paths.escortProfile, action: 'Editar perfil' },
};

/**
 * An approved escort whose profile is not complete is not listed (decision 0153): the dashboard says
 * so and names what is missing, each with the page that fixes it. Nothing when she is complete.
 */
export function ListingChecklist({ missing }: { missing: readonly ListingRequirement[] }) {
  if (!missing.length) return null;
  return (
    <section className="form-card listing-checklist" aria-labelledby="listing-checklist-title" role="status">
      <h2 id="listing-checklist-title" className="dashboard-section-title">
        <Icon name="alert" size={20} /> Completa tu perfil para aparecer en los listados
      </h2>
      <p>Tu tarjeta ya es pública, pero no apareces en los listados hasta que completes:</p>
      <ul className="listing-checklist-steps">
        {missing.map((m) => (
          <li key={m}>
            <span>{steps[m].text}</span> <Link to={steps[m].to}>{steps[m].action}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
