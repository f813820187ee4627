import { Form } from 'antd';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import type { DetailMode } from '../detail-dialog/detail-dialog';
import { useLanguageForm } from '../form/use-language-form';
import type { DetailConfig } from './types';

export interface DetailFormHandle {
  /** Validates the fields (errors shown next to each) and hands valid values to `onValid`. */
  submit: () => void;
}

interface DetailFormProps<T, V> {
  config: DetailConfig<T, V>;
  mode: DetailMode;
  id: string | null;
  record: T | undefined;
  onValid: (values: V) => void;
  handle: Ref<DetailFormHandle>;
}

/**
 * The create/edit form of a list's side dialog, in Ant Design's Form (the pages' `renderForm` give
 * Form.Items). Loaded only when a list is edited (list-detail.tsx), so a read-only list, such as the
 * payment record, downloads no Ant Design.
 */
export default function DetailForm<T, V extends object>({
  config,
  mode,
  id,
  record,
  onValid,
  handle,
}: DetailFormProps<T, V>) {
  const [form] = useLanguageForm<V>();
  useImperativeHandle(handle, () => ({ submit: () => form.submit() }), [form]);

  // Pages often pass a new config object on every render: read it through a ref so a re-render of the
  // page (a lookup arriving, a toast) never puts the record's values back over what the person typed.
  const configRef = useRef(config);
  configRef.current = config;
  useEffect(() => {
    if (mode === 'create') form.resetFields();
    else if (mode === 'edit' && record && configRef.current.toFormValues)
      form.setFieldsValue(configRef.current.toFormValues(record) as never);
  }, [mode, record, form]);

  return (
    <Form form={form} layout="vertical" requiredMark="optional" onFinish={(values) => onValid(values as V)}>
      {config.renderForm?.({ mode, id, record, form })}
    </Form>
  );
}
