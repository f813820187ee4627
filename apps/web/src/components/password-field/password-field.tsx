import { ThunderboltOutlined } from '@ant-design/icons';
import { generatePassword, validationMessage } from '@ov/domain';
import { Button, Input, Tooltip } from 'antd';
// The compact group alone: `Space` would bring the whole spacing component to the sign-up page.
import Compact from 'antd/es/space/Compact';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './password-strength-meter';

interface PasswordFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Called with a freshly generated password (e.g. to fill the confirmation too). */
  onGenerate?: (password: string) => void;
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

/**
 * A new-password control for Ant Design forms: the input, a generator button (domain generatePassword,
 * shown in clear once generated) and the strength meter with the spec's hint underneath.
 */
export function PasswordField({
  id,
  value,
  onChange,
  onGenerate,
  autoComplete = 'new-password',
  placeholder,
  disabled,
  ...rest
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
      <Compact block>
        <Input.Password
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          disabled={disabled}
          visibilityToggle={{ visible, onVisibleChange: setVisible }}
          aria-invalid={rest['aria-invalid']}
        />
        <Tooltip title={generateLabel}>
          <Button
            icon={<ThunderboltOutlined />}
            onClick={generate}
            disabled={disabled}
            aria-label={generateLabel}
            data-testid="password-generate"
          />
        </Tooltip>
      </Compact>
      <PasswordStrengthMeter password={value} />
      <div className="ov-password-field__hint">{validationMessage('passwordHint', undefined, lang)}</div>
    </div>
  );
}

/** Form rule for the confirmation field: the spec's 'No coinciden las contraseñas'. */
export function matchesRule(field: string, language: string) {
  const lang = language === 'en' ? 'en' : 'es';
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if ((value ?? '') !== (getFieldValue(field) ?? ''))
        throw new Error(validationMessage('passwordsMismatch', undefined, lang));
    },
  });
}
