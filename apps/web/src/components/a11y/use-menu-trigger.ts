import { type KeyboardEvent, useState } from 'react';

/**
 * A dropdown menu a keyboard opens as a menu button does: Enter, Space or ArrowDown open it with focus
 * on its first item (spread `dropdown` on the antd Dropdown, `trigger` on its button). Escape closes it
 * and focus returns to the button (antd does that for a menu opened with autoFocus).
 */
export function useMenuTrigger() {
  const [open, setOpen] = useState(false);
  return {
    open,
    close: () => setOpen(false),
    dropdown: { open, onOpenChange: (next: boolean) => setOpen(next), autoFocus: true },
    trigger: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' && !open) {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
  };
}
