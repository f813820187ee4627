import { ExclamationCircleFilled } from '@ant-design/icons';
import { type ReactElement, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button';
import { type Placement, useFollow, withProps } from './floating';
import './ui.css';

export interface PopconfirmProps {
  /** The question; it names the dialog. */
  title: ReactNode;
  /** More words under the question; they describe the dialog. */
  description?: ReactNode;
  /** "Aceptar" unless told. */
  okText?: ReactNode;
  /** "Cancelar" unless told. */
  cancelText?: ReactNode;
  /** `danger`, `loading`, `disabled`, `data-testid`… of the OK button. */
  okButtonProps?: ButtonProps & Record<`data-${string}`, string>;
  cancelButtonProps?: ButtonProps & Record<`data-${string}`, string>;
  /** Runs on OK; a promise keeps the OK button busy and the dialog open until it settles. */
  onConfirm?: () => unknown;
  onCancel?: () => void;
  onOpenChange?: (open: boolean) => void;
  placement?: Placement;
  disabled?: boolean;
  /** The trigger: one element that takes focus, usually a Button. */
  children: ReactElement;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/**
 * "Are you sure?" in a small non-modal dialog over its trigger, like Ant Design's Popconfirm: focus
 * goes to Cancel when it opens (the safe answer), Tab walks its two buttons then moves on (closing it), Escape or
 * Cancel closes it and focus returns to the trigger; a click outside closes it.
 */
export function Popconfirm({
  title,
  description,
  okText,
  cancelText,
  okButtonProps,
  cancelButtonProps,
  onConfirm,
  onCancel,
  onOpenChange,
  placement = 'top',
  disabled,
  children,
}: PopconfirmProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpenState] = useState(false);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const getAnchor = useCallback(
    () => document.querySelector<HTMLElement>(`[data-ov-popconfirm="${id}"]`),
    [id],
  );
  const getPanel = useCallback(() => panel.current, []);
  useFollow(open, getAnchor, getPanel, placement);

  const setOpen = useCallback(
    (next: boolean, returnFocus = false) => {
      setOpenState(next);
      onOpenChange?.(next);
      if (!next && returnFocus) getAnchor()?.focus();
    },
    [getAnchor, onOpenChange],
  );

  useEffect(() => {
    if (!open) return;
    cancelRef.current?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || getAnchor()?.contains(target)) return;
      setOpen(false);
    };
    // Escape on the trigger too (Shift+Tab leads back to it while the dialog is open).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && getAnchor()?.contains(document.activeElement)) setOpen(false, true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, getAnchor, setOpen]);

  const cancel = () => {
    onCancel?.();
    setOpen(false, true);
  };
  const confirm = () => {
    const result = onConfirm?.();
    if (!isThenable(result)) {
      setOpen(false, true);
      return;
    }
    setBusy(true);
    result.then(
      () => {
        setBusy(false);
        setOpen(false, true);
      },
      () => setBusy(false),
    );
  };

  const trigger = withProps(children, {
    'data-ov-popconfirm': id,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => {
      if (!disabled) setOpen(!open);
    },
  });
  const { loading: okLoading, ...okRest } = okButtonProps ?? {};
  return (
    <>
      {trigger}
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${id}-title`}
          aria-describedby={description ? `${id}-description` : undefined}
          className="ov-popover ov-popconfirm"
          // Tabbing past it closes it: no dialog left open behind the focus.
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !panel.current?.contains(next) && !getAnchor()?.contains(next)) setOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              cancel();
            }
          }}
        >
          <div className="ov-popconfirm__message">
            <span className="ov-popconfirm__icon" aria-hidden="true">
              <ExclamationCircleFilled />
            </span>
            <div>
              <div className="ov-popconfirm__title" id={`${id}-title`}>
                {title}
              </div>
              {description ? (
                <div className="ov-popconfirm__description" id={`${id}-description`}>
                  {description}
                </div>
              ) : null}
            </div>
          </div>
          <div className="ov-popconfirm__buttons">
            <Button size="small" {...cancelButtonProps} ref={cancelRef} onClick={cancel}>
              {cancelText ?? t('common.cancel')}
            </Button>
            <Button size="small" type="primary" {...okRest} loading={busy || okLoading} onClick={confirm}>
              {okText ?? t('ui.ok')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
