import type { HTMLAttributes } from 'react';
import './ui.css';

export interface DividerProps extends HTMLAttributes<HTMLDivElement> {
  /** Where a title sits on the line (Ant Design 6's name; `orientation` left/right was the older one). */
  titlePlacement?: 'start' | 'center' | 'end' | 'left' | 'right';
  /** Normal-weight, smaller title. */
  plain?: boolean;
  dashed?: boolean;
  type?: 'horizontal' | 'vertical';
}

/**
 * A line between sections. Without a title it is a `separator`; with one it is plain text between
 * two drawn lines (a separator's content would be hidden from screen readers).
 */
export function Divider({
  titlePlacement = 'center',
  plain,
  dashed,
  type = 'horizontal',
  className,
  children,
  ...rest
}: DividerProps) {
  const place = titlePlacement === 'left' ? 'start' : titlePlacement === 'right' ? 'end' : titlePlacement;
  const titled = children !== undefined && children !== null && children !== false;
  const classes = [
    'ov-divider',
    `ov-divider--${type}`,
    titled ? `ov-divider--with-title ov-divider--${place}` : '',
    plain ? 'ov-divider--plain' : '',
    dashed ? 'ov-divider--dashed' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!titled || type === 'vertical')
    return <hr {...(rest as HTMLAttributes<HTMLHRElement>)} className={classes} aria-orientation={type} />;
  return (
    <div {...rest} className={classes}>
      <span className="ov-divider__title">{children}</span>
    </div>
  );
}
