import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form-kit/field';
import { TextInput } from '../../../components/form-kit/inputs';
import { Button } from '../../../components/ui';
import type { Remember } from '../api/factor-calls';
import './factors.css';

/** One labelled text field (code, name) with its error under it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  help,
  testId,
  autoComplete = 'off',
  inputMode,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: ReactNode;
  testId?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <Field htmlFor={id} label={label} error={error} errorId={`${id}-error`} help={help} helpId={`${id}-help`}>
      <TextInput
        id={id}
        size="large"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined
        }
        data-testid={testId}
      />
    </Field>
  );
}

/** "Remember this browser for 30 days", with the name the person gives this device. */
export function RememberFields({
  checked,
  onChecked,
  name,
  onName,
  error,
}: {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  name: string;
  onName: (name: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <div className="ov-factors__check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
          data-testid="remember-browser"
        />
        <label htmlFor={id}>{t('factors.remember.label')}</label>
      </div>
      {checked ? (
        <TextField
          label={t('factors.remember.nameLabel')}
          value={name}
          onChange={onName}
          error={error}
          help={t('factors.remember.nameHelp')}
          testId="remember-name"
        />
      ) : null}
    </div>
  );
}

/** The remember choice as the API takes it; undefined when not asked. */
export function rememberOf(checked: boolean, name: string): Remember | undefined {
  return checked && name.trim() ? { name: name.trim() } : undefined;
}

/** The ten recovery codes, shown once, with a download and the "I saved them" step. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-de-recuperacion.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="ov-factors__section" aria-labelledby="ov-recovery-title" data-testid="recovery-codes">
      <h2 id="ov-recovery-title">{t('factors.recovery.title')}</h2>
      <p className="ov-factors__muted">{t('factors.recovery.text')}</p>
      <ul className="ov-factors__codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="ov-factors__actions">
        <Button onClick={download}>{t('factors.recovery.download')}</Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-saved">
          {t('factors.recovery.saved')}
        </Button>
      </div>
    </section>
  );
}
