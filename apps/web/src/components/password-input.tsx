import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { Icon } from './ui/icon.tsx';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
}

/** A password field with a show/hide toggle; the toggle is a real button with a label that says what it does. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <div className="password-input">
        <input ref={ref} {...props} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className="password-toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          title={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      </div>
    );
  },
);
