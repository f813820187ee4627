import { installAntdLabels } from './antd-labels';
import { installDecorativeIcons } from './decorative-icons';
import { installPlaceholderLabels } from './label-from-placeholder';
import { installRangePickerTab } from './range-picker-tab';

let users = 0;
let uninstall: (() => void) | null = null;

/**
 * The document-wide accessibility fixes of Ant Design screens (decorative icons, placeholder labels,
 * Tab out of date ranges, its English-only names in the portal's language). Every Ant Design
 * provider calls it; installed once while any is mounted.
 */
export function installA11yFixes(): () => void {
  users += 1;
  if (!uninstall) {
    const parts = [
      installDecorativeIcons(),
      installPlaceholderLabels(),
      installRangePickerTab(),
      installAntdLabels(),
    ];
    uninstall = () => {
      for (const part of parts) part();
    };
  }
  return () => {
    users -= 1;
    if (users === 0 && uninstall) {
      uninstall();
      uninstall = null;
    }
  };
}
