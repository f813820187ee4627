import { ThunderboltOutlined } from '@ant-design/icons';
import { generatePassword } from '@ov/domain/validation/generate-password';
import { validationMessage } from '@ov/domain/validation/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../form-kit/field';
import { PasswordInput } from '../form-kit/inputs';
import type { FormState } from '../form-kit/use-form';
import { PasswordStrengthMeter } from './password-strength-meter';

interface PasswordFieldProps {
  id?: string;
  value?: string;
  /** Called with the new text (also accepts being handed an input's change, for our own forms). */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Called with a freshly generated password (e.g. to fill the confirmation too). */
  onGenerate?: (password: string) => void;
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A new-password control: the input (with its show/hide button), a generator button joined to its
 * end (domain generatePassword, shown in clear once generated) and the strength meter with the spec's
 * hint underneath. Plain elements, so it serves our own forms and Ant Design's `Form.Item` alike.
 */
export function PasswordField({
  id,
  value,
  onChange,
  onBlur,
  onGenerate,
  autoComplete = 'new-password',
  placeholder,
  disabled,
  ...aria
}: PasswordFieldProps) {
  const { i18n } = useTranslation();
  const [visible, setVisible] = useState(false);
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const generateLabel = lang === 'en' ? 'Generate a password' : 'Generar una contraseña';
  const generate = () => {
    const password = generatePassword(12);
    setVisible(true);
    onChange?.(password);
    onGenerate?.(password);
  };
  return (
    <div className="ov-password-field">
      <div className="ov-password-field__group">
        <PasswordInput
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          placeholder={placeholder}
          disabled={disabled}
          visible={visible}
          onVisibleChange={setVisible}
          {...aria}
        />
        <button
          type="button"
          className="ov-password-field__generate"
          onClick={generate}
          disabled={disabled}
          aria-label={generateLabel}
          title={generateLabel}
          data-testid="password-generate"
        >
          <ThunderboltOutlined aria-hidden />
        </button>
      </div>
      <PasswordStrengthMeter password={value} />
      <div className="ov-password-field__hint">{validationMessage('passwordHint', undefined, lang)}</div>
    </div>
  );
}

/** The confirmation field's check: the spec's 'No coinciden las contraseñas' unless it repeats the password. */
export function confirmationCheck(language: string) {
  const lang = language === 'en' ? 'en' : 'es';
  return (value: unknown, values: { password?: string }) =>
    (value ?? '') === (values.password ?? '')
      ? undefined
      : validationMessage('passwordsMismatch', undefined, lang);
}

interface NewPassword {
  password?: string;
  confirmPassword?: string;
}

/**
 * The new password and its confirmation, in a form of our kit: the password with its generator (a
 * generated password fills the confirmation too) and the confirmation field.
 */
export function NewPasswordFields<V extends NewPassword>({
  form,
  passwordLabel,
  confirmLabel,
  confirmTestId,
}: {
  form: FormState<V>;
  passwordLabel: string;
  confirmLabel: string;
  confirmTestId?: string;
}) {
  const own = form as unknown as FormState<NewPassword>;
  return (
    <>
      <Field {...own.fieldOf('password')} label={passwordLabel}>
        <PasswordField
          {...own.bind('password')}
          value={own.values.password}
          onGenerate={(password) => own.setValue('confirmPassword', password)}
        />
      </Field>
      <Field {...own.fieldOf('confirmPassword')} label={confirmLabel}>
        <PasswordInput
          {...own.bind('confirmPassword')}
          autoComplete="new-password"
          data-testid={confirmTestId}
        />
      </Field>
    </>
  );
}
