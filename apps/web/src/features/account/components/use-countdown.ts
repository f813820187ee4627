import { useEffect, useState } from 'react';

/** Seconds left until a throttled call may be repeated; `start(n)` (re)starts the countdown. */
export function useCountdown(): { left: number; start: (seconds: number) => void; label: string } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return {
    left,
    start: (value) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + value * 1000);
    },
    label: minutes >= 60 ? `${Math.ceil(minutes / 60)} h` : `${minutes}:${seconds}`,
  };
}
