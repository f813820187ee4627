import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './form-kit.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  value?: unknown;
  size?: 'small' | 'middle' | 'large';
}

const classOf = (size: TextInputProps['size'], className?: string) =>
  [
    'ov-input',
    size === 'large' ? 'ov-input--large' : size === 'small' ? 'ov-input--small' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

/** A text field in the look of the theme's input (32 px, large 40, border, radius, hover and focus ring). */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { size, className, value, ...rest },
  ref,
) {
  return <input ref={ref} className={classOf(size, className)} value={(value ?? '') as string} {...rest} />;
});

/**
 * A password field with a button that shows or hides what was typed (its name says which, and it
 * is pressed while the password shows). `visible` / `onVisibleChange` let a parent show it (a
 * generated password).
 */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  TextInputProps & { visible?: boolean; onVisibleChange?: (visible: boolean) => void }
>(function PasswordInput({ size, className, value, visible, onVisibleChange, disabled, ...rest }, ref) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(false);
  const shown = visible ?? own;
  const toggle = () => {
    setOwn(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <span
      className={['ov-input-affix', disabled ? 'ov-input-affix--disabled' : '', className ?? ''].join(' ')}
    >
      <input
        ref={ref}
        className={classOf(size)}
        type={shown ? 'text' : 'password'}
        value={(value ?? '') as string}
        disabled={disabled}
        {...rest}
      />
      <button
        type="button"
        className="ov-input-affix__toggle"
        aria-pressed={shown}
        aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
        onClick={toggle}
        disabled={disabled}
      >
        {shown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
      </button>
    </span>
  );
});
