/**
 * Toasts from outside React (query caches). The signed-in app plugs its toast region in
 * (app/notifier-bridge.tsx); before that, notifications are dropped.
 */
export interface Notifier {
  error(error: unknown): void;
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

let current: Notifier | null = null;

export function setNotifier(notifier: Notifier | null): void {
  current = notifier;
}

/** Thrown when the person chose to stop an action (e.g. "cancel" in a dialog): never a toast. */
export class ActionCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ActionCancelled';
  }
}

export const notify: Notifier = {
  error: (error) => {
    if (error instanceof ActionCancelled) return;
    current?.error(error);
  },
  success: (text) => current?.success(text),
  info: (text) => current?.info(text),
  warning: (text) => current?.warning(text),
};
