import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/dialog.css';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back once the drawer closes (the button that opened it). */
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The side menu on phones: a modal `<dialog>` sliding in from the start edge. Opening moves focus into
 * it and leaves the page inert; Escape, a click on the shade or a navigation closes it, and focus
 * returns to the menu button.
 */
export function MenuDrawer({ open, onClose, returnFocus, children }: MenuDrawerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[aria-current="page"], a, button')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
    }
  }, [open, returnFocus]);

  return (
    <dialog
      ref={ref}
      className="ov-shell__drawer ov-dialog-backdrop"
      aria-label={t('shell.mainMenu')}
      data-testid="menu-drawer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog itself, not on what it holds, is a click on the shade around it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* Drawn only while open: a hidden copy of the brand would hold the gradient the header's refers to. */}
      {open ? <div className="ov-shell__drawer-body">{children}</div> : null}
    </dialog>
  );
}
