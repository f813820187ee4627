/** The utility's water-drop mark. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ov-drop" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3fd0cc" />
          <stop offset="1" stopColor="#0e6ba8" />
        </linearGradient>
      </defs>
      <path d="M32 4C32 4 10 28 10 41a22 22 0 0 0 44 0C54 28 32 4 32 4z" fill="url(#ov-drop)" />
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
