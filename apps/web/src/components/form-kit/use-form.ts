import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';

/** A field's check: the message to show (already in the interface language), or nothing when valid. */
export type FieldCheck<V> = (value: unknown, values: V) => string | undefined;
export type FieldChecks<V> = { [K in keyof V]?: FieldCheck<V> };

export interface FieldBinding {
  id: string;
  name: string;
  value: unknown;
  onChange: (valueOrEvent: unknown) => void;
  onBlur: () => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FormState<V> {
  values: V;
  /** Errors of the fields shown as checked (blurred, changed after an error, or after a submit). */
  errors: Partial<Record<keyof V, string>>;
  setValue<K extends keyof V>(name: K, value: V[K]): void;
  setValues(values: Partial<V>): void;
  /** Props for a control: id, value, change and blur, and its error's ARIA wiring. */
  bind<K extends keyof V>(name: K, options?: { help?: boolean }): FieldBinding;
  /** Ids of a field's error and help texts (for `Field`). */
  idsOf(name: keyof V): { control: string; error: string; help: string };
  /** Props for the `Field` around a control: its label's target, its error and their ids. */
  fieldOf(name: keyof V): { htmlFor: string; error: string | undefined; errorId: string; helpId: string };
  /** A submit handler: checks every field; when one fails, focuses the first; else calls `onValid`. */
  handleSubmit(onValid: (values: V) => void | Promise<void>): (event?: FormEvent) => void;
}

/** The value a change carries: an input's event, or the value itself (our selects and custom controls). */
function changedValue(valueOrEvent: unknown): unknown {
  if (valueOrEvent && typeof valueOrEvent === 'object' && 'target' in valueOrEvent) {
    const target = (valueOrEvent as { target: HTMLInputElement }).target;
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return valueOrEvent;
}

/**
 * The state of a plain form: values, which fields have been checked, and their errors, computed on
 * each render from the checks, so a message follows the interface language and a field's error goes
 * as soon as what it depends on changes (the confirmation when the password changes). A field is
 * checked when it loses the focus with something in it, on every change once it shows an error, and
 * all of them on submit — as Ant Design's forms behave, without their chunk.
 */
export function useForm<V extends object>({
  initialValues,
  checks,
  idPrefix = '',
}: {
  initialValues: V;
  checks: FieldChecks<V>;
  idPrefix?: string;
}): FormState<V> {
  const [values, setAll] = useState<V>(initialValues);
  const [checked, setChecked] = useState<ReadonlySet<keyof V>>(() => new Set());
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const errors = useMemo(() => {
    const out: Partial<Record<keyof V, string>> = {};
    for (const name of checked) {
      const message = checks[name]?.(values[name], values);
      if (message) out[name] = message;
    }
    return out;
  }, [checked, checks, values]);

  const mark = useCallback((name: keyof V) => {
    setChecked((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  }, []);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setAll((previous) => ({ ...previous, [name]: value }));
  }, []);
  const setValues = useCallback((next: Partial<V>) => setAll((previous) => ({ ...previous, ...next })), []);

  const idsOf = useCallback(
    (name: keyof V) => {
      // Without a prefix the control's id is the field's name, as in Ant Design's unnamed forms.
      const control = idPrefix ? `${idPrefix}_${String(name)}` : String(name);
      return { control, error: `${control}_error`, help: `${control}_help` };
    },
    [idPrefix],
  );

  const bind = <K extends keyof V>(name: K, options?: { help?: boolean }): FieldBinding => {
    const ids = idsOf(name);
    const error = errors[name];
    const described = [error ? ids.error : '', options?.help ? ids.help : ''].filter(Boolean).join(' ');
    return {
      id: ids.control,
      name: String(name),
      value: values[name],
      onChange: (valueOrEvent) => setValue(name, changedValue(valueOrEvent) as V[K]),
      onBlur: () => {
        const value = valuesRef.current[name];
        if (value !== '' && value !== undefined && value !== null) mark(name);
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    };
  };

  const fieldOf = (name: keyof V) => {
    const ids = idsOf(name);
    return { htmlFor: ids.control, error: errors[name], errorId: ids.error, helpId: ids.help };
  };

  const handleSubmit = (onValid: (values: V) => void | Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    const current = valuesRef.current;
    const names = Object.keys(checks) as (keyof V)[];
    setChecked(new Set([...checked, ...names]));
    const failing = names.find((name) => checks[name]?.(current[name], current));
    if (failing === undefined) {
      void onValid(current);
      return;
    }
    const control = document.getElementById(idsOf(failing).control);
    control?.scrollIntoView?.({ block: 'center' });
    control?.focus();
  };

  return { values, errors, setValue, setValues, bind, idsOf, fieldOf, handleSubmit };
}
