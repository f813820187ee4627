import { type HTMLAttributes, type ReactNode, useState } from 'react';
import './ui.css';

const SIZES = { small: 24, default: 32, large: 40 } as const;

export interface AvatarProps extends HTMLAttributes<HTMLSpanElement> {
  src?: string;
  /** The picture's text alternative. */
  alt?: string;
  /** Pixels, or small 24 / default 32 / large 40. */
  size?: number | keyof typeof SIZES;
  shape?: 'circle' | 'square';
  /** Shown without a picture (or when it fails to load). */
  icon?: ReactNode;
}

/** A round picture, icon or initials (children), like Ant Design's Avatar. */
export function Avatar({
  src,
  alt,
  size = 'default',
  shape = 'circle',
  icon,
  className,
  style,
  children,
  ...rest
}: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const px = typeof size === 'number' ? size : SIZES[size];
  const picture = src && failedSrc !== src;
  return (
    <span
      {...rest}
      className={`ov-avatar ov-avatar--${shape}${picture ? ' ov-avatar--image' : ''}${className ? ` ${className}` : ''}`}
      style={{
        width: px,
        height: px,
        lineHeight: `${px}px`,
        fontSize: icon && !picture ? px / 2 : Math.max(12, px / 2.3),
        ...style,
      }}
    >
      {picture ? (
        <img src={src} alt={alt ?? ''} onError={() => setFailedSrc(src)} />
      ) : icon && alt ? (
        <span className="ov-avatar__icon" role="img" aria-label={alt}>
          {icon}
        </span>
      ) : icon ? (
        <span className="ov-avatar__icon" aria-hidden="true">
          {icon}
        </span>
      ) : (
        <span className="ov-avatar__text">{children}</span>
      )}
    </span>
  );
}
