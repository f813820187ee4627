import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { rememberFocusedTrigger, returnFocus, returnFocusIfPending } from '../a11y/focus-return';
import { Button, Popconfirm, Skeleton, Space } from '../ui';
import '../../styles/dialog.css';
import './detail-dialog.css';

export type DetailMode = 'view' | 'edit' | 'create';

export interface DetailDialogProps {
  open: boolean;
  mode: DetailMode;
  title: ReactNode;
  loading?: boolean;
  saving?: boolean;
  deleting?: boolean;
  children?: ReactNode;
  onClose: () => void;
  /** View mode: shown when given. */
  onEdit?: () => void;
  /** View mode: shown when given, after a confirmation. */
  onDelete?: () => void;
  /** What the removal confirmation says (a recoverable removal must not read as final). */
  deleteConfirmText?: string;
  /** Edit and create modes. */
  onSave?: () => void;
  onCancel?: () => void;
  /** Extra view-mode actions (e.g. send e-mail) placed before edit and delete. */
  extraActions?: ReactNode;
}

/**
 * The side dialog over a list: view (edit, delete), edit (save, cancel) and create. A native `<dialog>`
 * sliding in from the end (560 px; the whole width below 992 px), with a title, a named close button,
 * one scrolling body and the actions at its foot.
 *
 * It is modal to people (the page behind is `inert` and dimmed, Escape and a click on the mask close
 * it, focus moves in and goes back to the trigger) but open non-modally (its `open` attribute) in a portal rather than with
 * `showModal()`: a modal `<dialog>` sits in the top layer, over every Ant Design popup (a select's
 * list, a confirmation, a toast) that admin forms inside it open in `document.body`, and leaves those
 * inert. Here, as with Ant Design's drawer before, they stack above it by z-index.
 */
export function DetailDialog(props: DetailDialogProps) {
  const { t } = useTranslation();
  const { open, mode, title, loading, saving, deleting, children, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The dialog's content is its one scrolling region (the dialog body itself does not scroll). A
  // read-only view may have nothing focusable in it, so there the region takes focus itself, named by
  // the dialog's title: keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
  const readOnly = mode === 'view' && !loading;
  // Kept on the page while it slides away after `open` turns false, then removed (its content too).
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  // While the dialog is open the page behind it is inert, as behind any modal dialog: screen readers
  // and Tab stay in the dialog and nothing under its mask counts as a target (the dialog itself lives
  // in a portal outside the app's root). Lifted before the close hands focus back to the trigger.
  useEffect(() => {
    const root = document.getElementById('root');
    const element = dialog.current;
    if (!open || !element) return;
    if (!element.contains(document.activeElement)) {
      rememberFocusedTrigger();
      element.focus();
    }
    if (root) root.inert = true;
    return () => {
      if (root) root.inert = false;
      returnFocus();
    };
  }, [open]);
  useEffect(() => {
    if (open || !mounted) return;
    // Nothing to wait for without an animation (reduced motion ends at once; no animations in tests).
    if (!dialog.current?.getAnimations?.().length) setMounted(false);
  }, [open, mounted]);
  // Removed from the page while closing (the list returns to its own address after 0.5 s): focus goes
  // back to the trigger still waiting for it.
  useEffect(() => returnFocusIfPending, []);
  const regionLabel = typeof title === 'string' && title ? title : t('common.details');

  const footer =
    mode === 'view' ? (
      props.onEdit || props.onDelete || props.extraActions ? (
        <Space wrap className="ov-detail__actions">
          {props.extraActions}
          {props.onDelete ? (
            <Popconfirm
              title={t('common.deleteConfirmTitle')}
              description={props.deleteConfirmText ?? t('common.deleteConfirmText')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, loading: deleting }}
              onConfirm={props.onDelete}
              disabled={loading}
            >
              <Button danger icon={<DeleteOutlined />} loading={deleting} disabled={loading}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
          {props.onEdit ? (
            <Button type="primary" icon={<EditOutlined />} onClick={props.onEdit} disabled={loading}>
              {t('common.edit')}
            </Button>
          ) : null}
        </Space>
      ) : null
    ) : (
      <Space className="ov-detail__actions">
        <Button onClick={props.onCancel ?? onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={props.onSave} loading={saving} disabled={loading}>
          {t('common.save')}
        </Button>
      </Space>
    );

  if (!mounted) return null;
  return createPortal(
    <div className={open ? 'ov-detail-layer' : 'ov-detail-layer ov-detail-layer--closing'} inert={!open}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the mask; the keyboard closes with Escape or the close button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div className="ov-detail__mask ov-dialog-mask" onClick={onClose} />
      <dialog
        ref={dialog}
        open
        className="ov-detail"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="detail-dialog"
        data-mode={mode}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            onCloseRef.current();
          }
        }}
        onAnimationEnd={(event) => {
          if (!open && event.target === event.currentTarget) setMounted(false);
        }}
        onCancel={(event) => {
          event.preventDefault();
          onCloseRef.current();
        }}
      >
        <header className="ov-detail__header">
          <button
            type="button"
            className="ov-detail__close ov-dialog-close"
            aria-label={t('ui.close')}
            onClick={onClose}
          >
            <CloseOutlined aria-hidden="true" />
          </button>
          <h2 className="ov-detail__title" id={titleId}>
            {title}
          </h2>
        </header>
        <div className="ov-detail__body">
          <section
            className="ov-detail__content"
            aria-label={regionLabel}
            tabIndex={readOnly ? 0 : undefined}
          >
            {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : children}
          </section>
        </div>
        {footer ? <footer className="ov-detail__footer">{footer}</footer> : null}
      </dialog>
    </div>,
    document.body,
  );
}
