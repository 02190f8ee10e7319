import { Icon } from '../../../components/ui/icon.tsx';

/** In Ver datos, above everything: the registered birth date is a minor's. */
export function MinorWarning({ edad }: { edad: number }) {
  return (
    <div className="minor-warning" role="alert">
      <Icon name="alert" size={24} />
      <div>
        <strong>Menor de edad: {edad} años según la fecha de nacimiento registrada.</strong>
        <p>
          Esta cuenta no se puede autorizar. Si el documento muestra otra fecha, recházala indicando el motivo
          en el detalle.
        </p>
      </div>
    </div>
  );
}

/** Above a queue that holds any under-18 birth date, so it is seen before the table. */
export function MinorsSummary({ count }: { count: number }) {
  return (
    <p className="minor-warning minor-summary" role="alert">
      <Icon name="alert" size={22} />
      <strong>
        {count === 1
          ? 'Una cuenta de esta lista tiene una fecha de nacimiento de menor de 18 años.'
          : `${count} cuentas de esta lista tienen una fecha de nacimiento de menor de 18 años.`}{' '}
        No se pueden autorizar.
      </strong>
    </p>
  );
}
