import { formatNumericDate } from '@encanto/core/chile-time';
import { Icon } from '../../../components/ui/icon.tsx';
import { isMinor } from '../pending-kinds.ts';

/**
 * Birth date and today's age, side by side, so the admin compares the date with
 * the document and sees the age without counting. An under-18 age is shouted:
 * red, with an icon and the words, never colour alone.
 */
export function BirthDate({ fecha, edad }: { fecha: string; edad: number }) {
  const minor = isMinor(edad);
  return (
    <span className={`admin-age${minor ? ' admin-age-minor' : ''}`}>
      <time dateTime={fecha}>{formatNumericDate(fecha)}</time>
      <span className="admin-age-years">{edad} años</span>
      {minor && (
        <strong className="admin-minor-badge">
          <Icon name="alert" size={16} />
          Menor de edad
        </strong>
      )}
    </span>
  );
}
