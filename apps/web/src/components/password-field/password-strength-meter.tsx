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

/**
 * The label's colour per band: the band's hue dark enough for 4.5:1 on white at 12 px (WCAG 1.4.3;
 * the bar colours were 2.1–4.4:1 as text, "Muy débil" 4.37:1).
 */
export const LEVEL_TEXT_COLORS: Record<PasswordLevel, string> = {
  veryWeak: '#c03030',
  weak: '#ad4e00',
  acceptable: '#876800',
  good: '#237804',
  excellent: '#137a52',
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
      <span
        className="ov-strength__label"
        style={{ color: value ? LEVEL_TEXT_COLORS[strength.level] : undefined }}
      >
        {value ? PASSWORD_LEVEL_LABELS[lang][strength.level] : '\u00a0'}
      </span>
    </div>
  );
}
