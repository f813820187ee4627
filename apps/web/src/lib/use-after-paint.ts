import { useEffect, useState } from 'react';

let painted = false;

/**
 * False until the screen this component first appears on has been painted and the browser is idle
 * (at most a second after the paint), then true (and true at once for every later screen). Reads the
 * first screen does not show (the unread count, the notification stream, an office's details behind
 * a button) wait for it: on a slow phone they neither hold one of the six connections nor take the
 * main thread before the page's content is drawn.
 */
export function useAfterPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => {
      painted = true;
      if (live) setReady(true);
    };
    // A frame's callbacks run before its paint, the next frame's once it has been handed to the
    // screen; the first idle time after that comes once the page's own work is done (at most a
    // second later). Without frames (a hidden tab, a test without layout) or idle callbacks
    // (Safari), a task. Only `live` is cleared on unmount: a late `done` then changes nothing here.
    const whenIdle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout: 1000 })
        : setTimeout(done, 50);
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
      requestAnimationFrame(() => requestAnimationFrame(whenIdle));
    } else {
      setTimeout(done, 0);
    }
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
