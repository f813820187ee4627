import { type ReactNode, useEffect, useRef } from 'react';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}

/**
 * The side menu on phones: a modal dialog sliding in from the left. The browser traps focus in it,
 * closes it on Escape and gives focus back to the button that opened it; a click on the backdrop
 * closes it too.
 */
export function MenuDrawer({ open, onClose, label, children }: MenuDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's click; Escape closes the dialog natively
    <dialog
      ref={dialog}
      className="ov-shell__drawer"
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        // Only the backdrop is the dialog itself: its body fills the whole panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="ov-shell__drawer-body">{children}</div>
    </dialog>
  );
}
