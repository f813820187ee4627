import { type CSSProperties, type HTMLAttributes, type ReactNode, useId } from 'react';
import './card.css';

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's title, drawn in its header as a heading (`headingLevel`). */
  title?: ReactNode;
  /**
   * The title's heading level, for the page's outline (2 under the page's `<h1>`). `false` draws the
   * title as plain text, for a card whose content names it already.
   */
  headingLevel?: HeadingLevel | false;
  /** Content at the end of the header (a link, a button). */
  extra?: ReactNode;
  /** `small`: 12 px padding and a 38 px header, as Ant Design's small card. */
  size?: 'default' | 'small';
  /** `borderless`: no border (on a coloured background). */
  variant?: 'outlined' | 'borderless';
  /** A shadow under the pointer, for a card that is a link or opens something. */
  hoverable?: boolean;
  /** Actions under the body, side by side and evenly spaced. */
  actions?: ReactNode[];
  /** The element: `section` for a card that is a part of the page with its own heading. */
  as?: 'div' | 'section' | 'article';
  bodyClassName?: string;
  bodyStyle?: CSSProperties;
}

/**
 * A card drawn like Ant Design's Card in our theme (border, radius, a header with a title and `extra`,
 * 24 px body padding, `size="small"`), without its chunk (which imports the tabs). The title is a
 * heading, so the card appears in the page's outline.
 */
export function Card({
  title,
  headingLevel = 2,
  extra,
  size = 'default',
  variant = 'outlined',
  hoverable,
  actions,
  as: Element = 'div',
  bodyClassName,
  bodyStyle,
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const Heading = headingLevel ? (`h${headingLevel}` as const) : 'div';
  const classes = [
    'ov-card',
    size === 'small' ? 'ov-card--small' : null,
    variant === 'borderless' ? 'ov-card--borderless' : null,
    hoverable ? 'ov-card--hoverable' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const labelled = Element === 'section' && title && !rest['aria-label'] && !rest['aria-labelledby'];
  return (
    <Element {...rest} className={classes} aria-labelledby={labelled ? titleId : rest['aria-labelledby']}>
      {title || extra ? (
        <div className="ov-card__head">
          {title ? (
            <Heading id={titleId} className="ov-card__title">
              {title}
            </Heading>
          ) : null}
          {extra ? <div className="ov-card__extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className={bodyClassName ? `ov-card__body ${bodyClassName}` : 'ov-card__body'} style={bodyStyle}>
        {children}
      </div>
      {actions && actions.length > 0 ? (
        <ul className="ov-card__actions">
          {actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the actions are given in a fixed order.
            <li key={index}>{action}</li>
          ))}
        </ul>
      ) : null}
    </Element>
  );
}
