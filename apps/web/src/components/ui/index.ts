/**
 * Our own small stand-ins for the Ant Design components the customer pages use, so those pages load
 * no Ant Design chunk. Each takes the SUBSET of Ant Design 6's props used in this codebase, so
 * `import { Button } from 'antd'` becomes `import { Button } from '../../components/ui'` with no other
 * change where possible. They never import antd (icons come from @ant-design/icons). Look: the theme of
 * components/antd/antd-config.tsx. Classes are `ov-<name>`, modifiers `ov-<name>--<x>` (e2e selectors on
 * `.ant-*` classes must move to these). Strings: `ui.*` and `common.*` in src/locales.
 *
 * - Button: type primary|default|dashed|link|text, danger, ghost, size small|middle|large, block,
 *   icon, iconPlacement start|end, shape default|circle|round, loading, disabled, htmlType, href
 *   (renders `<a>`), target, onClick, ref, any native/aria/data prop. Classes `ov-btn`,
 *   `ov-btn--primary`, `ov-btn--dangerous`, `ov-btn--loading`… Differs: a loading button stays
 *   focusable with `aria-disabled` + `aria-busy` (antd only ignores clicks); no click wave; no
 *   auto-space between two Chinese characters; `loading={{ delay }}` not supported.
 * - Alert: type success|info|warning|error, title (and the old `message`), description, showIcon,
 *   icon, action, closable (+ onClose; the close button is named "Cerrar"/"Close"), banner, role.
 *   Differs: role is `alert` for error/warning and `status` for success/info (antd: always `alert`).
 * - Spin: size small|default|large, spinning, description (and the old `tip`), children (covered,
 *   dimmed and `inert` while spinning). It is `role="status"` named "Cargando…"/"Loading…" (or by
 *   its text). Class `ov-spin--spinning` while shown. Differs: no `delay`, `fullscreen`, `indicator`.
 * - Skeleton: active, loading (false shows children), title (bool | { width }), paragraph
 *   (bool | { rows, width }), avatar (bool), className, style; Skeleton.Node, Skeleton.Image,
 *   Skeleton.Input (size, block). The bars are aria-hidden; the block is `aria-busy` with a hidden
 *   "Cargando…". Class `ov-skeleton--active` when active.
 * - Empty: image (Empty.PRESENTED_IMAGE_SIMPLE | Empty.PRESENTED_IMAGE_DEFAULT | a node),
 *   description (default "Sin datos"/"No data"; false for none), children (actions under it).
 *   Differs: the default image is the simple tray drawn larger (antd's big illustration is not copied).
 * - Tag: color (presets blue green red orange gold yellow lime cyan volcano purple geekblue magenta;
 *   statuses success processing error warning default; any CSS colour = solid with white text),
 *   icon, any span prop (data-status…). Text colours are the readable ones of the theme.
 *   Drawn as antd 6's default (filled, no visible border, no margin). Differs: not closable, no `variant`/`bordered`.
 * - Tooltip: title, placement (top default; topLeft topRight bottom bottomLeft bottomRight), one
 *   child that takes focus. Shown on hover and on focus, Escape hides it, hoverable; never focused.
 *   The child gets `aria-describedby` unless its `aria-label` already says the same. Differs: no
 *   `open`, `trigger`, `color`, `arrow`; flips top/bottom only.
 * - Space: size small|middle|large|number|[h, v], direction / orientation, align, wrap, any div
 *   prop; Space.Compact (block). Differs: children are not wrapped in `.ant-space-item` (a flex div
 *   with gap), no `split`.
 * - Divider: titlePlacement start|center|end (left|right accepted), plain, dashed, type
 *   horizontal|vertical, children = title. Differs: a titled divider is plain text between two drawn
 *   lines, not a `separator` (whose content screen readers skip).
 * - Avatar: src, alt, size (number | small|default|large), shape, icon, children (initials). Falls
 *   back to icon/children when the picture fails. Differs: no `gap`, no responsive sizes, no Group.
 * - Statistic: title, value (numbers get "," thousands), precision, prefix, suffix, formatter,
 *   valueStyle, any div prop. Differs: no `loading`, no Countdown/Timer.
 * - Popconfirm: title, description, okText ("Aceptar"), cancelText ("Cancelar"), okButtonProps /
 *   cancelButtonProps (danger, loading, disabled, data-*…), onConfirm (a returned promise keeps OK
 *   busy and the dialog open until it settles; a rejection leaves it open), onCancel, onOpenChange,
 *   placement (top default), disabled, one child = the trigger. A non-modal `role="dialog"` named
 *   by its title, placed right after the trigger; focus goes to Cancel, Escape/Cancel/OK close it and
 *   focus returns to the trigger; a click outside or Tab past it closes it. Differs: no `open` prop, no `icon`,
 *   `okType` (use okButtonProps.danger / type).
 * - Popover: content, title, trigger "click" only, placement, open + onOpenChange (controlled),
 *   className and styles.root (the panel). A disclosure: the trigger has aria-expanded and
 *   aria-controls; the panel follows the trigger in the DOM (Tab walks into it); Escape closes it
 *   and returns focus; a click outside closes it. Differs: no hover trigger, no `arrow` prop.
 *
 * Tooltip, Popover and Popconfirm draw their panel right after the child (position: fixed, placed
 * from the child's box), not in a portal: keep the child a single element that accepts and passes
 * on props (our Button, a native element).
 */

export { Alert, type AlertProps, type AlertType } from './alert';
export { Avatar, type AvatarProps } from './avatar';
export { Button, type ButtonProps, type ButtonSize, type ButtonType } from './button';
export { Divider, type DividerProps } from './divider';
export { Empty, type EmptyProps } from './empty';
export type { Placement } from './floating';
export { Popconfirm, type PopconfirmProps } from './popconfirm';
export { Popover, type PopoverProps } from './popover';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Space, type SpaceProps } from './space';
export { Spin, type SpinProps } from './spin';
export { Statistic, type StatisticProps } from './statistic';
export { TAG_PRESETS, TAG_STATUSES, Tag, type TagProps } from './tag';
export { Tooltip, type TooltipProps } from './tooltip';
