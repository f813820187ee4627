import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Drawer, Popconfirm, Skeleton, Space } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';
import { returnFocus, returnFocusIfPending } from '../a11y/focus-return';
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

/** The side dialog over a list: view (edit, delete), edit (save, cancel) and create. */
export function DetailDialog(props: DetailDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { open, mode, title, loading, saving, deleting, children, onClose } = props;
  // The dialog's content is its one scrolling region (the drawer body itself does not scroll). A
  // read-only view may have nothing focusable in it, so there the region takes focus itself, named by
  // the dialog's title: keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
  const readOnly = mode === 'view' && !loading;

  // While the dialog is open the page behind it is inert, as behind any modal dialog: screen readers
  // and Tab stay in the dialog and nothing under its mask counts as a target (the drawer itself lives
  // in a portal outside the app's root). Lifted before the close hands focus back to the trigger.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!open || !root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [open]);
  // Removed from the page before its closing animation ended (the list returns to its own address
  // after 0.5 s, sooner than a slow closing): focus goes back to the trigger all the same.
  useEffect(() => returnFocusIfPending, []);
  const regionLabel = typeof title === 'string' && title ? title : t('common.details');

  const footer =
    mode === 'view' ? (
      props.onEdit || props.onDelete || props.extraActions ? (
        <Space wrap className="ov-detail__footer">
          {props.extraActions}
          {props.onDelete ? (
            <Popconfirm
              title={t('common.deleteConfirmTitle')}
              description={props.deleteConfirmText ?? t('common.deleteConfirmText')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, loading: deleting }}
              onConfirm={props.onDelete}
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
      <Space className="ov-detail__footer">
        <Button onClick={props.onCancel ?? onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={props.onSave} loading={saving} disabled={loading}>
          {t('common.save')}
        </Button>
      </Space>
    );

  return (
    <Drawer
      open={open}
      title={title}
      placement="right"
      size={isMobile ? '100%' : 560}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) returnFocus();
      }}
      className="ov-detail"
      data-testid="detail-dialog"
      data-mode={mode}
    >
      <section className="ov-detail__content" aria-label={regionLabel} tabIndex={readOnly ? 0 : undefined}>
        {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : children}
      </section>
    </Drawer>
  );
}
