import { useId, useState } from 'react';
import { findPickerComuna, pickerZoneLabels, pickerZones } from '@encanto/core/geo-picker';
import type { ZoneId } from '@encanto/core/geo';

export interface CityPickerProps {
  /** The chosen comuna's name ('' when none). */
  value: string;
  onChange: (comuna: string) => void;
  onBlur?: () => void;
  /** Message shown under the picker, announced to screen readers. */
  error?: string | undefined;
  disabled?: boolean;
  /** Legend of the group. */
  label?: string;
}

/**
 * Three-step city picker: zone, then region, then comuna, from the full
 * catalogue. Choosing a zone or region clears the steps after it, so the value
 * is always a comuna that exists.
 */
export function CityPicker({
  value,
  onChange,
  onBlur,
  error,
  disabled,
  label = 'Ubicación',
}: CityPickerProps) {
  const id = useId();
  const current = value ? findPickerComuna(value) : undefined;
  const [zone, setZone] = useState<ZoneId | ''>(current?.zone ?? '');
  const [region, setRegion] = useState(current?.region ?? '');
  // A value set from outside (a profile loading) moves the first two steps with it.
  const shownZone = current?.zone ?? zone;
  const shownRegion = current?.region ?? region;
  const regions = pickerZones.find((z) => z.id === shownZone)?.regions ?? [];
  const comunas = regions.find((r) => r.name === shownRegion)?.comunas ?? [];
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;

  return (
    <fieldset className="field city-select" aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="city-select-steps">
        <div className="city-select-step">
          <label htmlFor={`${id}-zone`}>Zona</label>
          <select
            id={`${id}-zone`}
            value={shownZone}
            disabled={disabled}
            onChange={(e) => {
              setZone(e.target.value as ZoneId | '');
              setRegion('');
              onChange('');
            }}
            onBlur={onBlur}
          >
            <option value="">Elige una zona</option>
            {pickerZones.map((z) => (
              <option key={z.id} value={z.id}>
                {pickerZoneLabels[z.id]}
              </option>
            ))}
          </select>
        </div>
        <div className="city-select-step">
          <label htmlFor={`${id}-region`}>Región</label>
          <select
            id={`${id}-region`}
            value={shownRegion}
            disabled={disabled || !shownZone}
            onChange={(e) => {
              setZone(shownZone);
              setRegion(e.target.value);
              onChange('');
            }}
            onBlur={onBlur}
          >
            <option value="">Elige una región</option>
            {regions.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="city-select-step">
          <label htmlFor={`${id}-comuna`}>Ciudad</label>
          <select
            id={`${id}-comuna`}
            value={current?.comuna ?? ''}
            disabled={disabled || !shownRegion}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setZone(shownZone);
              setRegion(shownRegion);
              onChange(e.target.value);
            }}
            onBlur={onBlur}
          >
            <option value="">Elige una ciudad</option>
            {comunas.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
