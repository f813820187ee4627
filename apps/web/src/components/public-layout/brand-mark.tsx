import { useId } from 'react';

/**
 * The utility's water-drop mark. Its gradient has an id of its own per drawing: the signed-in shell
 * draws the mark twice on phones (header, and the menu's closed dialog), and a reference to an id
 * found first inside a hidden element paints nothing.
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  const gradient = `ov-drop${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3fd0cc" />
          <stop offset="1" stopColor="#0e6ba8" />
        </linearGradient>
      </defs>
      <path d="M32 4C32 4 10 28 10 41a22 22 0 0 0 44 0C54 28 32 4 32 4z" fill={`url(#${gradient})`} />
      <path
        d="M22 42a10 10 0 0 0 10 10"
        stroke="#fff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        opacity=".85"
      />
    </svg>
  );
}
