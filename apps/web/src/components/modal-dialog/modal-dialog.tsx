import { CloseOutlined } from '@ant-design/icons';
import {
  type CSSProperties,
  type MouseEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../ui';
import '../../styles/dialog.css';
import './modal-dialog.css';

/** Props of a footer button, with `data-*` attributes (test ids) allowed in an object literal. */
export type ModalButtonProps = ButtonProps & { [data: `data-${string}`]: string | undefined };

export interface ModalDialogProps {
  open: boolean;
  /** The heading that names the dialog. */
  title?: ReactNode;
  /** Escape, the close button, Cancel and a click on the backdrop ask to close (the parent sets `open`). */
  onCancel?: () => void;
  /** Same as `onCancel` (either may be given). */
  onClose?: () => void;
  /** OK in the default footer. */
  onOk?: () => void;
  okText?: ReactNode;
  cancelText?: ReactNode;
  okButtonProps?: ModalButtonProps;
  cancelButtonProps?: ModalButtonProps;
  /** OK is busy (spinner, ignores clicks). */
  confirmLoading?: boolean;
  /** Replaces Cancel + OK; `null` draws no footer. */
  footer?: ReactNode | null;
  /** Width on screens from 768 px (520 by default); below, the dialog takes the screen less 8 px a side. */
  width?: number | string;
  /** Vertically centred (otherwise 100 px from the top, as Ant Design's modal). */
  centered?: boolean;
  /** Unmount the content while closed (it is kept by default once shown, as Ant Design does). */
  destroyOnHidden?: boolean;
  /** Called after the dialog has closed (reset a form here). */
  afterClose?: () => void;
  /** A click on the backdrop closes it (default true). */
  maskClosable?: boolean;
  /** Draws the close button at the top end (default true). */
  closable?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
}

/** The first form field of the body, where the focus goes on opening (else the dialog itself). */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog drawn as the theme's Ant Design Modal (white, 10 px radius, 20/24 px padding,
 * 16 px semibold title, close button top end, footer buttons at the end), without its chunk: a
 * native `<dialog>` opened with `showModal()`, so the page behind is inert, the focus stays inside
 * and the browser draws the backdrop. Named by its title; on opening the focus goes to the first
 * form field (or the dialog); Escape, the close button, Cancel and the backdrop call `onCancel`;
 * on closing the focus returns to what had it before. Props are a subset of Ant Design Modal's.
 */
export function ModalDialog({
  open,
  title,
  onCancel,
  onClose,
  onOk,
  okText,
  cancelText,
  okButtonProps,
  cancelButtonProps,
  confirmLoading,
  footer,
  width = 520,
  centered,
  destroyOnHidden,
  afterClose,
  maskClosable = true,
  closable = true,
  className,
  style,
  children,
  'data-testid': testId,
}: ModalDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  // Content is drawn from the first opening on (and kept, unless destroyOnHidden).
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const afterCloseRef = useRef(afterClose);
  afterCloseRef.current = afterClose;

  const cancel = () => (onCancel ?? onClose)?.();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal: the attribute draws it (tests only).
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      const field = dialog.querySelector<HTMLElement>(`.ov-modal__body :is(${FIELD})`);
      (field ?? dialog).focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      if (destroyOnHidden) setShown(false);
      afterCloseRef.current?.();
    }
  }, [open, destroyOnHidden]);

  // The page behind does not scroll while the dialog is open (as Ant Design's modal).
  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  // Closed while still shown (the page unmounts it): give the focus back.
  useEffect(
    () => () => {
      const back = opener.current;
      if (back?.isConnected && ref.current?.contains(document.activeElement)) back.focus();
    },
    [],
  );

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    // A popup inside (a select, a confirmation) that handled Escape prevents it.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
  };
  // Other close requests (Android's back gesture): the parent decides.
  const onNativeCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    cancel();
  };
  // The dialog box is all `.ov-modal__box`: a press and release on the dialog element itself is on the backdrop.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (maskClosable && pressedOnBackdrop.current && event.target === event.currentTarget) cancel();
    pressedOnBackdrop.current = false;
  };

  const defaultFooter = (
    <>
      <Button {...cancelButtonProps} onClick={cancel}>
        {cancelText ?? t('common.cancel')}
      </Button>
      <Button type="primary" loading={confirmLoading} onClick={onOk} {...okButtonProps}>
        {okText ?? t('ui.ok')}
      </Button>
    </>
  );
  const drawnFooter = footer === undefined ? defaultFooter : footer;

  return (
    <dialog
      ref={ref}
      className={['ov-modal', 'ov-dialog-backdrop', centered ? 'ov-modal--centered' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={
        { ...style, '--ov-modal-width': typeof width === 'number' ? `${width}px` : width } as CSSProperties
      }
      aria-labelledby={title ? titleId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onNativeCancel}
      onMouseDown={onMouseDown}
      onClick={onClick}
      data-testid={testId}
    >
      {shown ? (
        <div className="ov-modal__box">
          {title ? (
            <h2 className="ov-modal__title" id={titleId}>
              {title}
            </h2>
          ) : null}
          <div className="ov-modal__body">{children}</div>
          {drawnFooter ? <div className="ov-modal__footer">{drawnFooter}</div> : null}
          {closable ? (
            <button
              type="button"
              className="ov-modal__close ov-dialog-close"
              aria-label={t('ui.close')}
              onClick={cancel}
            >
              <CloseOutlined aria-hidden />
            </button>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
