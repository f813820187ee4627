import { LoadingOutlined } from '@ant-design/icons';
import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  forwardRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import './ui.css';

export type ButtonType = 'primary' | 'default' | 'dashed' | 'link' | 'text';
export type ButtonSize = 'small' | 'middle' | 'large';

type NativeProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> &
  Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel' | 'download'>;

export interface ButtonProps extends NativeProps {
  /** Look: `default` (white, bordered), `primary` (filled), `dashed`, `text`, `link`. */
  type?: ButtonType;
  /** Red: a destructive action. */
  danger?: boolean;
  /** Transparent, for a dark background. */
  ghost?: boolean;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  icon?: ReactNode;
  iconPlacement?: 'start' | 'end';
  shape?: 'default' | 'circle' | 'round';
  /** Shows a spinner instead of the icon; clicks are ignored and the button says it is busy. */
  loading?: boolean;
  /** The native `type` (`type` is the look, as in Ant Design). */
  htmlType?: 'button' | 'submit' | 'reset';
  /** Renders a link (`<a>`) drawn as a button. */
  href?: string;
}

/**
 * A button drawn like the theme's Ant Design button. A loading button stays focusable (the focus is
 * not lost under the user's hands) but is `aria-disabled` and `aria-busy`, and ignores clicks.
 */
export const Button = forwardRef<HTMLButtonElement | HTMLAnchorElement, ButtonProps>(function Button(
  {
    type = 'default',
    danger,
    ghost,
    size = 'middle',
    block,
    icon,
    iconPlacement = 'start',
    shape = 'default',
    loading = false,
    htmlType = 'button',
    href,
    target,
    rel,
    download,
    disabled,
    className,
    children,
    onClick,
    ...rest
  },
  ref,
) {
  const iconOnly = (icon || loading) && (children === undefined || children === null || children === false);
  const classes = [
    'ov-btn',
    `ov-btn--${type}`,
    size !== 'middle' ? `ov-btn--${size}` : '',
    danger ? 'ov-btn--dangerous' : '',
    ghost ? 'ov-btn--ghost' : '',
    block ? 'ov-btn--block' : '',
    shape !== 'default' ? `ov-btn--${shape}` : '',
    iconOnly ? 'ov-btn--icon-only' : '',
    loading ? 'ov-btn--loading' : '',
    iconPlacement === 'end' ? 'ov-btn--icon-end' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const shownIcon = loading ? (
    <span className="ov-btn__icon ov-btn__spinner" aria-hidden="true">
      <LoadingOutlined />
    </span>
  ) : icon ? (
    <span className="ov-btn__icon" aria-hidden="true">
      {icon}
    </span>
  ) : null;
  const content = (
    <>
      {iconPlacement === 'start' ? shownIcon : null}
      {iconOnly ? null : <span className="ov-btn__label">{children}</span>}
      {iconPlacement === 'end' ? shownIcon : null}
    </>
  );
  const handleClick = (event: MouseEvent<HTMLButtonElement & HTMLAnchorElement>) => {
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  if (href !== undefined) {
    return (
      <a
        {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}
        ref={ref as React.Ref<HTMLAnchorElement>}
        className={classes}
        href={disabled ? undefined : href}
        target={target}
        rel={rel ?? (target === '_blank' ? 'noopener noreferrer' : undefined)}
        download={download}
        aria-disabled={disabled || loading ? true : undefined}
        aria-busy={loading || undefined}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref as React.Ref<HTMLButtonElement>}
      // biome-ignore lint/a11y/useButtonType: the type is given, `button` unless told
      type={htmlType}
      className={classes}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {content}
    </button>
  );
});
