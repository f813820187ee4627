/** The toasts on screen, kept outside React so code outside components (query caches) can show one. */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastInput {
  kind: ToastKind;
  title: string;
  text?: string;
  /** A toast with the key of one on screen replaces it (the same error is never stacked). */
  key?: string;
}

export interface Toast extends ToastInput {
  id: string;
}

/** How long a toast stays: confirmations go quickly, problems stay to be read (and can be closed). */
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 3000,
  info: 4500,
  warning: 6000,
  error: 6000,
};

let toasts: readonly Toast[] = [];
let sequence = 0;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function schedule(id: string, kind: ToastKind) {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS[kind]),
  );
}

export function showToast(input: ToastInput): string {
  const id = input.key ?? `toast-${++sequence}`;
  const toast: Toast = { ...input, id };
  const index = toasts.findIndex((item) => item.id === id);
  publish(index === -1 ? [...toasts, toast] : toasts.map((item) => (item.id === id ? toast : item)));
  schedule(id, input.kind);
  return id;
}

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
}

/** Keeps a toast while the pointer or the focus is on it; the count starts again when it leaves. */
export function holdToast(id: string, held: boolean): void {
  const toast = toasts.find((item) => item.id === id);
  if (!toast) return;
  if (held) {
    clearTimeout(timers.get(id));
    timers.delete(id);
  } else schedule(id, toast.kind);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

/** Clears every toast (tests, and the end of a signed-in session). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  publish([]);
}
