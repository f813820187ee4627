import { useEffect, useState } from 'react';

/** mm:ss (or h:mm:ss) left until `until`; 0:00 once passed. */
export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  // biome-ignore lint/correctness/useExhaustiveDependencies: fire once when the time is up
  useEffect(() => {
    if (left === 0) onEnd?.();
  }, [left === 0]);
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  const text = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  return (
    <time className="ov-countdown" dateTime={until} data-testid="tm-countdown">
      {text}
    </time>
  );
}
