import { forwardRef, type ChangeEvent } from 'react';
import { Icon } from './ui/icon.tsx';

interface Props {
  id: string;
  file: File | null;
  /** The button's words, e.g. 'Elegir imagen'. */
  label: string;
  /** Accepted formats and size, after the chosen file's name. */
  hint: string;
  accept?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of messages about the choice (an error line), besides the file name and hint. */
  describedBy?: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file input dressed as a button, so the picker reads in Spanish and matches
 * the theme whatever the browser's own language ('Choose File' / 'No file
 * chosen' never show); the real input stays keyboard-focusable and labelled.
 */
export const FilePicker = forwardRef<HTMLInputElement, Props>(function FilePicker(
  { id, file, label, hint, accept = 'image/*', disabled, invalid, describedBy, onChange },
  ref,
) {
  return (
    <div className="file-pick">
      <input
        ref={ref}
        id={id}
        className="file-pick-input"
        type="file"
        accept={accept}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy ? `${id}-name ${describedBy}` : `${id}-name`}
      />
      <label htmlFor={id} className="button button-secondary file-pick-button">
        <Icon name="image" size={18} />
        {label}
      </label>
      <p id={`${id}-name`} className="file-pick-name">
        {file ? file.name : 'Ningún archivo seleccionado'} · {hint}
      </p>
    </div>
  );
});
