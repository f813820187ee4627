import { Form, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Ant Design keeps a field's error as the text it had when it was validated; after the interface
 * language changes, the fields showing an error are validated again so their messages follow (the
 * rules are rebuilt for the new language on the same render).
 */
export function useRevalidateOnLanguageChange(form: FormInstance) {
  const { i18n } = useTranslation();
  const shown = useRef(i18n.language);
  useEffect(() => {
    if (shown.current === i18n.language) return;
    shown.current = i18n.language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length) form.validateFields(withErrors).catch(() => undefined);
  }, [form, i18n.language]);
}

/** `Form.useForm` whose visible errors follow the interface language. */
// biome-ignore lint/suspicious/noExplicitAny: the same default as Form.useForm (untyped forms)
export function useLanguageForm<V = any>(): [FormInstance<V>] {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form as FormInstance);
  return [form];
}
