import type { Ref } from 'react';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { FilePicker } from '../../../components/file-picker.tsx';

const MB = 1024 * 1024;
const maxMb = limits.documentMaxBytes / MB;
// Rounded up to a tenth, so a file just over the limit never reads as "8 MB".
const sizeText = (bytes: number) =>
  new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.ceil((bytes / MB) * 10) / 10,
  );

/**
 * The document picker. A photo over the limit is refused here, before any byte
 * is sent: on mobile data an 8 MB upload that the server then refuses costs
 * the person time and money. `onPick` gets the file, or null with the message.
 */
export function DocumentFileInput({
  id,
  label,
  file,
  inputRef,
  invalid,
  describedBy,
  onPick,
}: {
  id: string;
  label: string;
  file: File | null;
  inputRef: Ref<HTMLInputElement>;
  invalid: boolean;
  describedBy?: string | undefined;
  onPick: (file: File | null, error: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FilePicker
        ref={inputRef}
        id={id}
        file={file}
        label="Elegir foto"
        hint={`JPG, PNG, WebP o HEIC, hasta ${maxMb} MB`}
        invalid={invalid}
        describedBy={describedBy}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          if (picked && picked.size > limits.documentMaxBytes) {
            // Cleared, so the refused photo is not what a later submit would send.
            e.target.value = '';
            onPick(null, msg.documentTooLarge(sizeText(picked.size), maxMb));
            return;
          }
          onPick(picked, '');
        }}
      />
    </div>
  );
}
