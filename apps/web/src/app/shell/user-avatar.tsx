import { useLayoutEffect, useRef, useState } from 'react';

/** Inner width a circle of 32 px leaves to its initials (4 px each side). */
const ROOM = 24;

function initials(name: string): string {
  return name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * The user's picture, or their initials in a circle, shrunk to fit when wide ("MW"), as Ant Design's
 * avatar did. Decorative: the button around it is named by the user's name.
 */
export function UserAvatar({ name, src }: { name: string; src?: string | null }) {
  const [failed, setFailed] = useState(false);
  const [scale, setScale] = useState(1);
  const text = useRef<HTMLSpanElement>(null);
  const letters = initials(name);
  const picture = src && !failed ? src : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the initials or the picture change
  useLayoutEffect(() => {
    const width = text.current?.offsetWidth ?? 0;
    setScale(width > ROOM ? ROOM / width : 1);
  }, [letters, picture]);

  return (
    <span className="ov-avatar" aria-hidden="true">
      {picture ? (
        <img src={picture} alt="" onError={() => setFailed(true)} />
      ) : (
        <span
          ref={text}
          className="ov-avatar__initials"
          style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
        >
          {letters}
        </span>
      )}
    </span>
  );
}
