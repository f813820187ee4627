import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense } from 'react';
import '../../lib/date-locale';

/** The date picker (≈30 KB compressed with its styles) is fetched only by a screen that shows one. */
const RangePicker = lazy(() =>
  import('antd/es/date-picker').then((module) => ({ default: module.default.RangePicker })),
);

/**
 * Ant Design's date-range field, loaded when it is first drawn: a page that renders it only on some
 * screens (the invoices filter uses a preset list on phones) downloads nothing for the others. Until
 * it arrives, a disabled field of the same size holds its place.
 */
export function LazyRangePicker(props: RangePickerProps) {
  const placeholder = Array.isArray(props.placeholder) ? props.placeholder[0] : undefined;
  return (
    <Suspense fallback={<Input disabled className={props.className} placeholder={placeholder} aria-hidden />}>
      <RangePicker {...props} />
    </Suspense>
  );
}
