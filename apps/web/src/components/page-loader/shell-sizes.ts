import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@ov/domain';
import type { CSSProperties } from 'react';

/**
 * The side bar's widths (spec), for signed-in-frame.css and the shell's drawer: set on `.ov-shell` by
 * the loading frame and by the shell.
 */
export const SHELL_SIZES = {
  '--ov-sider-width': `${SIDEBAR_WIDTH}px`,
  '--ov-sider-collapsed-width': `${SIDEBAR_COLLAPSED_WIDTH}px`,
} as CSSProperties;
