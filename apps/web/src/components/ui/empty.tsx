import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

/** Ant Design's small empty-tray picture, decorative. */
function Tray() {
  return (
    <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
      <g transform="translate(0 1)" fill="none" fillRule="evenodd">
        <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
        <g fillRule="nonzero" stroke="#d9d9d9">
          <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
          <path
            d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
            fill="#fafafa"
          />
        </g>
      </g>
    </svg>
  );
}

const SIMPLE = 'simple';
const DEFAULT = 'default';

export interface EmptyProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** `Empty.PRESENTED_IMAGE_SIMPLE` (small, for tables and lists), the default (larger) or your own. */
  image?: ReactNode;
  /** The text; "Sin datos" unless told; `false` for none. */
  description?: ReactNode;
}

/** "Nothing here" with a tray picture and a text, then any actions (children), like Ant Design's Empty. */
export function Empty({ image = DEFAULT, description, className, children, ...rest }: EmptyProps) {
  const { t } = useTranslation();
  const simple = image === SIMPLE;
  const text = description === undefined ? t('ui.noData') : description;
  return (
    <div
      {...rest}
      className={`ov-empty${simple ? ' ov-empty--simple' : ''}${className ? ` ${className}` : ''}`}
    >
      <div className="ov-empty__image">{image === SIMPLE || image === DEFAULT ? <Tray /> : image}</div>
      {text !== false && text !== null ? <div className="ov-empty__description">{text}</div> : null}
      {children ? <div className="ov-empty__footer">{children}</div> : null}
    </div>
  );
}

Empty.PRESENTED_IMAGE_SIMPLE = SIMPLE as ReactNode;
Empty.PRESENTED_IMAGE_DEFAULT = DEFAULT as ReactNode;
