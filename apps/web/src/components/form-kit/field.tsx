import type { ReactNode } from 'react';
import './form-kit.css';

export interface FieldProps {
  /** The control's id (`form.idsOf(name).control`), tied to the label. */
  htmlFor: string;
  label: ReactNode;
  /** The error shown under the control (its id is `errorId`, which the control names in aria-describedby). */
  error?: string;
  errorId?: string;
  /** A hint under the control, always shown. */
  help?: ReactNode;
  helpId?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form field in the look of Ant Design's vertical form item: the label above, the control,
 * then its error (in the error colour, announced) and its hint. An error takes the place of the
 * 24 px margin under the field (a line of at least 24 px), so showing it moves little.
 */
export function Field({ htmlFor, label, error, errorId, help, helpId, className, children }: FieldProps) {
  return (
    <div className={['ov-field', error ? 'ov-field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ov-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="ov-field__control">{children}</div>
      <div className="ov-field__error" id={errorId} aria-live="polite">
        {error}
      </div>
      {help ? (
        <div className="ov-field__help" id={helpId}>
          {help}
        </div>
      ) : null}
    </div>
  );
}
