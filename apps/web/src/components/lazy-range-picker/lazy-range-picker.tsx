import './i18n';
import './lazy-range-picker.css';
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../lib/date-locale';

/** The date picker (≈30 KB compressed with its styles) is fetched only by a screen that shows one. */
const loadPicker = () =>
  import('antd/es/date-picker').then((module) => ({ default: module.default.RangePicker }));
const RangePicker = lazy(loadPicker);

export interface LazyRangePickerProps extends RangePickerProps {
  /**
   * Fetch the picker only when the field is used (focused, clicked, hovered) rather than when it is
   * drawn: until then a stand-in of the same size and look (two empty fields, the arrow, the calendar)
   * holds its place. Focusing it fetches the picker; using it (a click, Enter, Space, the down arrow or
   * typing) puts the picker in its place, focused. The stand-in stays on screen, focused, until the
   * picker has arrived (a transition); a keyboard user passing through never has it swapped under them.
   */
  onDemand?: boolean;
}

/**
 * Ant Design's date-range field, loaded when it is first drawn, or with `onDemand` when it is first
 * used: a page that renders it only on some screens (the invoices filter uses a preset list on phones)
 * or whose visitors seldom filter by date downloads nothing for it. Until it arrives, a field of the
 * same size holds its place.
 */
export function LazyRangePicker({ onDemand = false, ...props }: LazyRangePickerProps) {
  const { t } = useTranslation();
  const hasValue = Array.isArray(props.value) && props.value.some(Boolean);
  const [wanted, setWanted] = useState(!onDemand || hasValue);
  const [focus, setFocus] = useState(false);
  const placeholders = Array.isArray(props.placeholder)
    ? props.placeholder
    : [t('rangePicker.start'), t('rangePicker.end')];

  const use = () => {
    setFocus(true);
    // In a transition: React keeps the stand-in (and its focus) until the picker's chunk is here.
    startTransition(() => setWanted(true));
  };
  const field = (index: 0 | 1) => (
    <input
      readOnly
      size={12}
      placeholder={placeholders[index] || undefined}
      aria-label={index === 0 ? props['aria-label'] : undefined}
      onFocus={() => void loadPicker()}
      // Left before the picker arrived (Tab on through the filters): it must not take the focus back.
      onBlur={() => setFocus(false)}
      onPointerDown={(event) => {
        event.preventDefault();
        event.currentTarget.focus();
        use();
      }}
      onKeyDown={(event) => {
        const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
        if (event.key === 'Enter' || event.key === 'ArrowDown' || typed) {
          event.preventDefault();
          use();
        }
      }}
    />
  );
  const standIn = (
    <span
      className={`ov-lazy-range${props.className ? ` ${props.className}` : ''}`}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') void loadPicker();
      }}
    >
      {field(0)}
      <span className="ov-lazy-range__separator" aria-hidden="true" />
      {field(1)}
      <span className="ov-lazy-range__calendar" aria-hidden="true" />
    </span>
  );
  if (onDemand) {
    // One boundary from the start, showing the stand-in as its content: the switch to the picker is a
    // transition, so the stand-in stays (focused) until the picker can replace it.
    return (
      <Suspense fallback={standIn}>
        {wanted ? <RangePicker {...props} autoFocus={focus || props.autoFocus} /> : standIn}
      </Suspense>
    );
  }

  const placeholder = Array.isArray(props.placeholder) ? props.placeholder[0] : undefined;
  return (
    <Suspense fallback={<Input disabled className={props.className} placeholder={placeholder} aria-hidden />}>
      <RangePicker {...props} autoFocus={focus || props.autoFocus} />
    </Suspense>
  );
}
