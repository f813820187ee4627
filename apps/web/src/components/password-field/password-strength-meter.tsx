import { PASSWORD_LEVEL_LABELS, type PasswordLevel, passwordStrength } from '@ov/domain/password-strength';
import { useTranslation } from 'react-i18next';
import './password-field.css';

/** Colours of the five bands, from red (very weak) to green (excellent). */
export const LEVEL_COLORS: Record<PasswordLevel, string> = {
  veryWeak: '#d64545',
  weak: '#e08a1e',
  acceptable: '#d4b106',
  good: '#52a447',
  excellent: '#1f9d6a',
};

/** The strength bar of spec §5: width = score/70 capped at 100 %, label and colour by level. */
export function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const value = password ?? '';
  const strength = passwordStrength(value);
  const color = LEVEL_COLORS[strength.level];
  return (
    <div
      className="ov-strength"
      data-testid="password-strength"
      data-level={value ? strength.level : 'empty'}
      aria-live="polite"
    >
      <div className="ov-strength__track">
        <div
          className="ov-strength__bar"
          style={{ width: `${value ? Math.max(4, strength.percent) : 0}%`, background: color }}
        />
      </div>
      <span className="ov-strength__label" style={{ color: value ? color : undefined }}>
        {value ? PASSWORD_LEVEL_LABELS[lang][strength.level] : '\u00a0'}
      </span>
    </div>
  );
}
