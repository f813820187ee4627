import './native-select.css';
import type { ChangeEvent, ReactNode } from 'react';

export type NativeSelectValue = string | number;

export interface NativeSelectOption<T extends NativeSelectValue> {
  value: T;
  label: string;
  disabled?: boolean;
}

export interface NativeSelectProps<T extends NativeSelectValue> {
  options: readonly NativeSelectOption<T>[];
  value?: T | null;
  /** The chosen option's value (typed as in `options`), or `undefined` for the placeholder. */
  onChange?: (value: T | undefined) => void;
  /** The first option, shown while nothing is chosen. */
  placeholder?: string;
  /** The placeholder can be chosen again: it means "no filter" (`onChange(undefined)`). */
  allowClear?: boolean;
  size?: 'middle' | 'large';
  loading?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
  /** The field's name for assistive technology when no `<label>` names it (`id`). Defaults to the
   * placeholder when neither an `id` nor `aria-labelledby` is given. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  'data-testid'?: string;
  /** Draws the chosen option richer than its text (the pay page's code, holder and debt) over the
   * field; the select keeps the option's text for assistive technology and its list. */
  renderValue?: (option: NativeSelectOption<T>) => ReactNode;
}

/**
 * A native `<select>` in the look of the theme's Ant Design select (32 px, 40 px large, 8 px radius,
 * a chevron, the primary colour on hover and focus): the browser's own list, keyboard and screen
 * reader behaviour, and none of Ant Design's select code (≈21 KB compressed). Values keep their type:
 * the option whose `String(value)` the browser reports is handed back. Works inside `Form.Item`
 * (it injects `id`, `value` and `onChange`).
 */
export function NativeSelect<T extends NativeSelectValue>(props: NativeSelectProps<T>) {
  const {
    options,
    value,
    onChange,
    placeholder,
    allowClear = false,
    size = 'middle',
    loading = false,
    disabled = false,
    id,
    name,
    className,
    renderValue,
  } = props;
  const chosen = options.find((option) => value !== undefined && value !== null && option.value === value);
  const empty = chosen === undefined;
  const label =
    props['aria-label'] ??
    (id === undefined && props['aria-labelledby'] === undefined ? placeholder : undefined);

  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = options.find((option) => String(option.value) === event.target.value);
    onChange?.(next?.value);
  };

  const classes = [
    'ov-select',
    size === 'large' ? 'ov-select--large' : '',
    empty ? 'ov-select--empty' : '',
    renderValue && !empty ? 'ov-select--rendered' : '',
    disabled ? 'ov-select--disabled' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <span className={classes}>
      <select
        id={id}
        name={name}
        value={empty ? '' : String(chosen.value)}
        onChange={change}
        disabled={disabled}
        aria-label={label}
        aria-labelledby={props['aria-labelledby']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props['aria-invalid']}
        aria-required={props['aria-required']}
        aria-busy={loading || undefined}
        data-testid={props['data-testid']}
      >
        {placeholder !== undefined || empty ? (
          <option value="" disabled={!allowClear}>
            {placeholder ?? ''}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {renderValue && chosen ? (
        <span className="ov-select__value" aria-hidden="true">
          {renderValue(chosen)}
        </span>
      ) : null}
      <span className={loading ? 'ov-select__spinner' : 'ov-select__chevron'} aria-hidden="true" />
    </span>
  );
}
