import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './form-kit.css';

export interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value' | 'prefix'> {
  value?: unknown;
  size?: 'small' | 'middle' | 'large';
  /** An icon drawn inside the field's start (decorative: the label names the field). */
  prefix?: ReactNode;
}

/** The field's start icon, over the input (which leaves room for it). */
function Prefix({ children }: { children: ReactNode }) {
  return (
    <span className="ov-input-affix__prefix" aria-hidden="true">
      {children}
    </span>
  );
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
  { size, className, value, prefix, ...rest },
  ref,
) {
  const input = (
    <input
      ref={ref}
      className={classOf(size, prefix ? undefined : className)}
      value={(value ?? '') as string}
      {...rest}
    />
  );
  if (!prefix) return input;
  return (
    <span className={['ov-input-affix', 'ov-input-affix--prefix', className ?? ''].join(' ')}>
      <Prefix>{prefix}</Prefix>
      {input}
    </span>
  );
});

/**
 * A password field with a button that shows or hides what was typed (its name says which, and it
 * is pressed while the password shows). `visible` / `onVisibleChange` let a parent show it (a
 * generated password).
 */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  TextInputProps & { visible?: boolean; onVisibleChange?: (visible: boolean) => void }
>(function PasswordInput(
  { size, className, value, visible, onVisibleChange, disabled, prefix, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(false);
  const shown = visible ?? own;
  const toggle = () => {
    setOwn(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <span
      className={[
        'ov-input-affix',
        prefix ? 'ov-input-affix--prefix' : '',
        disabled ? 'ov-input-affix--disabled' : '',
        className ?? '',
      ].join(' ')}
    >
      {prefix ? <Prefix>{prefix}</Prefix> : null}
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
