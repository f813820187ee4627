import './i18n';
import './lazy-range-picker.css';
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, useState } from 'react';
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
   * holds its place. Focusing the stand-in loads the picker, which takes the focus and opens.
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

  const use = (focused: boolean) => {
    setFocus(focused);
    setWanted(true);
  };
  const field = (index: 0 | 1) => (
    <input
      readOnly
      size={12}
      placeholder={placeholders[index] || undefined}
      aria-label={index === 0 ? props['aria-label'] : undefined}
      onFocus={() => use(true)}
      onPointerDown={(event) => {
        event.preventDefault();
        use(true);
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
  if (!wanted) return standIn;

  const placeholder = Array.isArray(props.placeholder) ? props.placeholder[0] : undefined;
  return (
    <Suspense
      fallback={
        onDemand ? (
          standIn
        ) : (
          <Input disabled className={props.className} placeholder={placeholder} aria-hidden />
        )
      }
    >
      <RangePicker {...props} autoFocus={focus || props.autoFocus} />
    </Suspense>
  );
}
