import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ZoneId } from '@encanto/core/geo';
import { pickerRegionSlug, pickerZoneLabels, pickerZones, pickerZoneWords } from '@encanto/core/geo-picker';
import { paths } from '../../../config/paths.ts';

/**
 * Zone buttons, then the region select, then the comuna buttons: a visitor on
 * a phone reaches any comuna's listing in three choices. On a city's page the
 * picker opens on that city's zone and region with the comuna highlighted. Choosing a
 * region opens that region's whole list (/Escort/region/{slug}).
 */
export function CityPicker({
  active,
}: {
  active: { zone: ZoneId; region: string; comuna?: string | undefined } | undefined;
}) {
  const navigate = useNavigate();
  const selectId = useId();
  const [zone, setZone] = useState<ZoneId | null>(active?.zone ?? null);
  const [region, setRegion] = useState<string>(active?.region ?? '');
  const zoneData = pickerZones.find((z) => z.id === zone);
  const regionData = zoneData?.regions.find((r) => r.name === region);
  const comunasRef = useRef<HTMLDivElement>(null);

  // On a city's page the comuna box is short on phones: bring the active one into its view.
  useEffect(() => {
    const box = comunasRef.current;
    const chip = box?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (box && chip) box.scrollTop = chip.offsetTop - box.offsetTop - 8;
  }, []);

  return (
    <div className="city-picker">
      <div className="city-picker-zones" role="group" aria-label="Zona">
        {pickerZones.map((z) => (
          <button
            key={z.id}
            type="button"
            className="chip chip-zone"
            aria-pressed={zone === z.id}
            onClick={() => {
              setZone(z.id);
              if (zone !== z.id) setRegion('');
            }}
          >
            {pickerZoneLabels[z.id]}
          </button>
        ))}
      </div>
      {zoneData ? (
        <div className="city-picker-region">
          <label htmlFor={selectId} className="visually-hidden">
            Región
          </label>
          <select
            id={selectId}
            className="city-picker-select"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              void navigate(paths.escortsRegion(pickerRegionSlug(e.target.value)));
            }}
          >
            <option value="" disabled>
              {`Elige una región de la zona ${pickerZoneWords[zoneData.id]}`}
            </option>
            {zoneData.regions.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {regionData ? (
        <div
          ref={comunasRef}
          className={
            active?.comuna ? 'city-picker-comunas city-picker-comunas-compact' : 'city-picker-comunas'
          }
          role="group"
          aria-label={`Comunas de ${regionData.name}`}
        >
          {regionData.comunas.map((c) => (
            <button
              key={c}
              type="button"
              className="chip chip-small"
              aria-pressed={active?.comuna === c}
              onClick={() => navigate(paths.escortsCity(c))}
            >
              {c}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
