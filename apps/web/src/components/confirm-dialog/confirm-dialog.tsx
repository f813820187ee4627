import { ExclamationCircleFilled } from '@ant-design/icons';
import {
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui';
import '../../styles/dialog.css';
import './confirm-dialog.css';

export interface ConfirmOptions {
  /** The question; it names the dialog. */
  title: ReactNode;
  /** More words under the question; they describe the dialog. */
  content?: ReactNode;
  /** "Aceptar" unless told. */
  okText?: ReactNode;
  /** "Cancelar" unless told. */
  cancelText?: ReactNode;
  /** The OK button is red: a destructive action. */
  danger?: boolean;
  /** `data-testid` of the OK button. */
  okTestId?: string;
  /**
   * Runs on OK. A promise keeps OK busy (and the dialog open, Escape ignored) until it settles; a
   * rejection leaves the dialog open, so the person can try again or cancel.
   */
  onOk?: () => unknown;
}

interface Request {
  id: number;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

let current: Request | null = null;
let nextId = 1;
let hosts = 0;
let ownHost: HTMLElement | null = null;
const listeners = new Set<() => void>();

function publish(request: Request | null) {
  current = request;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Without a `ConfirmHost` on the page, one of its own is mounted at the end of the body (once). */
function ensureHost() {
  if (hosts > 0 || ownHost) return;
  ownHost = document.createElement('div');
  ownHost.className = 'ov-confirm-host';
  document.body.append(ownHost);
  createRoot(ownHost).render(<ConfirmHost />);
}

/**
 * Asks a yes/no question in a modal dialog, like Ant Design's `modal.confirm`, without its chunk:
 * resolves `true` once OK is chosen (after `onOk` settles), `false` on Cancel or Escape. Works from
 * anywhere (a menu item, a hook); one question at a time (a new one answers the open one "no").
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    current?.resolve(false);
    publish({ id: nextId++, options, resolve });
    ensureHost();
  });
}

/** Where `confirm` draws its dialog. Optional: without one, `confirm` mounts its own. */
export function ConfirmHost() {
  const request = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
    };
  }, []);
  if (!request) return null;
  return <ConfirmDialog key={request.id} request={request} />;
}

function ConfirmDialog({ request }: { request: Request }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const { options } = request;

  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    returnTo.current = document.activeElement;
    // A modal dialog in the top layer (the rest of the page inert); jsdom has no showModal.
    if (typeof node.showModal === 'function') {
      if (!node.open) node.showModal();
    } else node.setAttribute('open', '');
    // The safe answer first, as Ant Design's Popconfirm does.
    cancelRef.current?.focus();
  }, []);

  const finish = (confirmed: boolean) => {
    const node = dialog.current;
    if (node && typeof node.close === 'function' && node.open) node.close();
    if (current === request) publish(null);
    const back = returnTo.current;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    request.resolve(confirmed);
  };

  const ok = () => {
    if (busyRef.current) return;
    let result: unknown;
    try {
      result = options.onOk?.();
    } catch {
      return;
    }
    if (typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') {
      finish(true);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    (result as PromiseLike<unknown>).then(
      () => finish(true),
      () => {
        busyRef.current = false;
        setBusy(false);
      },
    );
  };

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className="ov-confirm ov-dialog-backdrop"
      data-testid="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={options.content ? `${id}-content` : undefined}
      onCancel={(event) => {
        // Escape: "no" — unless the answer "yes" is being carried out.
        event.preventDefault();
        if (!busyRef.current) finish(false);
      }}
    >
      <div className="ov-confirm__body">
        <span className="ov-confirm__icon" aria-hidden="true">
          <ExclamationCircleFilled />
        </span>
        <div className="ov-confirm__text">
          <h2 className="ov-confirm__title" id={`${id}-title`}>
            {options.title}
          </h2>
          {options.content ? (
            <div className="ov-confirm__content" id={`${id}-content`}>
              {options.content}
            </div>
          ) : null}
        </div>
      </div>
      <div className="ov-confirm__buttons">
        <Button ref={cancelRef} disabled={busy} onClick={() => finish(false)}>
          {options.cancelText ?? t('common.cancel')}
        </Button>
        <Button
          type="primary"
          danger={options.danger}
          loading={busy}
          onClick={ok}
          data-testid={options.okTestId}
        >
          {options.okText ?? t('ui.ok')}
        </Button>
      </div>
    </dialog>
  );
}
