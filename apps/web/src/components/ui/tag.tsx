import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

/** Ant Design's preset colours; any other string is used as a solid background with white text. */
export const TAG_PRESETS = [
  'blue',
  'green',
  'red',
  'orange',
  'gold',
  'yellow',
  'lime',
  'cyan',
  'volcano',
  'purple',
  'geekblue',
  'magenta',
] as const;
export const TAG_STATUSES = ['success', 'processing', 'error', 'warning', 'default'] as const;

export interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** A preset (`green`, `blue`…), a status (`success`, `processing`, `error`, `warning`, `default`) or a CSS colour. */
  color?: string;
  icon?: ReactNode;
}

/** A small coloured label, drawn like the theme's Ant Design Tag (text colours pass AA at 12 px). */
export function Tag({ color, icon, className, style, children, ...rest }: TagProps) {
  const known =
    !color ||
    (TAG_PRESETS as readonly string[]).includes(color) ||
    (TAG_STATUSES as readonly string[]).includes(color);
  const classes = [
    'ov-tag',
    color && known ? `ov-tag--${color}` : '',
    color && !known ? 'ov-tag--custom' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span {...rest} className={classes} style={known ? style : { backgroundColor: color, ...style }}>
      {icon ? (
        <span className="ov-tag__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </span>
  );
}
