import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

export interface SpinProps extends HTMLAttributes<HTMLDivElement> {
  size?: 'small' | 'default' | 'large';
  /** Whether it spins (true unless told); with children, whether the overlay covers them. */
  spinning?: boolean;
  /** Text under the spinner (Ant Design 6: `description`, older `tip`). */
  description?: ReactNode;
  tip?: ReactNode;
}

/**
 * The theme's four-dot spinner, `role="status"` named "Cargando…" (or its text). With children it
 * covers them while spinning: they are dimmed, `aria-busy` and out of reach (`inert`).
 */
export function Spin({
  size = 'default',
  spinning = true,
  description,
  tip,
  children,
  className,
  ...rest
}: SpinProps) {
  const { t } = useTranslation();
  const textId = useId();
  const text = description ?? tip;
  const nested = children !== undefined && children !== null;
  if (!spinning && !nested) return null;
  const spinner = (own: HTMLAttributes<HTMLDivElement>) => (
    <div
      {...own}
      className={`ov-spin ov-spin--spinning ov-spin--${size}${!nested && className ? ` ${className}` : ''}`}
      role="status"
      aria-label={text ? undefined : t('common.loading')}
      aria-labelledby={text ? textId : undefined}
    >
      <span className="ov-spin__dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      {text ? (
        <div className="ov-spin__text" id={textId}>
          {text}
        </div>
      ) : null}
    </div>
  );
  if (!nested) return spinner(rest);
  return (
    <div {...rest} className={`ov-spin-nested${className ? ` ${className}` : ''}`} aria-busy={spinning}>
      {spinning ? <div className="ov-spin-nested__overlay">{spinner({})}</div> : null}
      <div
        className={`ov-spin-nested__content${spinning ? ' ov-spin-nested__content--busy' : ''}`}
        inert={spinning}
      >
        {children}
      </div>
    </div>
  );
}
