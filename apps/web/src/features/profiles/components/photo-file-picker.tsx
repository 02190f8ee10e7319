import { forwardRef, type ChangeEvent } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';

interface Props {
  id: string;
  file: File | null;
  disabled?: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file input dressed as a button, so the picker reads in Spanish and matches
 * the theme whatever the browser's own language; the real input stays
 * keyboard-focusable and labelled.
 */
export const PhotoFilePicker = forwardRef<HTMLInputElement, Props>(function PhotoFilePicker(
  { id, file, disabled, onChange },
  ref,
) {
  return (
    <div className="file-pick">
      <input
        ref={ref}
        id={id}
        className="file-pick-input"
        type="file"
        accept="image/*"
        onChange={onChange}
        disabled={disabled}
        aria-describedby={`${id}-name`}
      />
      <label htmlFor={id} className="button button-secondary file-pick-button" aria-disabled={disabled}>
        <Icon name="image" size={18} />
        Elegir imagen
      </label>
      <p id={`${id}-name`} className="file-pick-name">
        {file ? file.name : 'Ningún archivo seleccionado'} · JPG, PNG o WebP, hasta 8 MB
      </p>
    </div>
  );
});
