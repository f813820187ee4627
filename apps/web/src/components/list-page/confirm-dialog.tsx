import { ExclamationCircleFilled } from '@ant-design/icons';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui';
import './confirm-dialog.css';

/** What `confirm` asks (the subset of Ant Design's `modal.confirm` this codebase uses). */
export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  /** "Aceptar" unless told. */
  okText?: ReactNode;
  /** "Cancelar" unless told. */
  cancelText?: ReactNode;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
  /** Runs on OK; a promise keeps OK busy and the dialog open until it settles (open on a rejection). */
  onOk?: () => unknown;
  onCancel?: () => void;
  /** `data-testid` of the OK button. */
  okTestId?: string;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/**
 * "Are you sure?" in a modal `alertdialog` (a native `<dialog>` opened with `showModal`): focus goes to
 * Cancel (the safe answer), Escape or Cancel closes it, and focus returns to where it was. `confirm`
 * opens it; render `element` once in the page.
 */
export function useConfirm(): [(options: ConfirmOptions) => void, ReactNode] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const confirm = useCallback((next: ConfirmOptions) => setOptions(next), []);
  const element = options ? <ConfirmDialog options={options} onClosed={() => setOptions(null)} /> : null;
  return [confirm, element];
}

function ConfirmDialog({ options, onClosed }: { options: ConfirmOptions; onClosed: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  // Where focus goes back: the element focused when it opened (a row's menu button).
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    opener.current = document.activeElement as HTMLElement | null;
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    cancelButton.current?.focus();
    return () => {
      if (opener.current?.isConnected) opener.current.focus();
    };
  }, []);

  const close = () => {
    dialog.current?.close?.();
    onClosed();
  };
  const cancel = () => {
    if (busy) return;
    options.onCancel?.();
    close();
  };
  const ok = () => {
    const result = options.onOk?.();
    if (!isThenable(result)) {
      close();
      return;
    }
    setBusy(true);
    result.then(close, () => setBusy(false));
  };

  return createPortal(
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={options.content ? `${id}-content` : undefined}
      className="ov-confirm"
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
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
        <Button ref={cancelButton} onClick={cancel} disabled={busy}>
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
    </dialog>,
    document.body,
  );
}
