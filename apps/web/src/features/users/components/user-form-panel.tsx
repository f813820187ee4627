import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import type { DetailMode } from '../../../components/detail-dialog/detail-dialog';
import type { User } from '../types';
import { toUserFormValues, UserFormFields } from './user-form';

export interface UserFormPanelProps {
  form: FormInstance;
  mode: DetailMode;
  record?: User;
  canAssignRoles: boolean;
}

/**
 * The user form as the detail dialog draws it, loaded when it is first opened (users-page.tsx): the
 * list does not download its date picker and selects. Puts the edited user's values in, as the list's
 * `toFormValues` would (same moments: the record shown, or a newer copy of it).
 */
export default function UserFormPanel({ form, mode, record, canAssignRoles }: UserFormPanelProps) {
  useEffect(() => {
    if (mode === 'edit' && record) form.setFieldsValue(toUserFormValues(record) as never);
  }, [mode, record, form]);
  return <UserFormFields form={form} canAssignRoles={canAssignRoles} />;
}
