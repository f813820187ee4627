import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReferenceConflict } from '../../../components/list-page/reference-conflict';
import { isApiError } from '../../../lib/api-error';
import { ActionCancelled } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { getUser, userQuery } from '../api/get-user';
import { createUser, recoverUser, updateUser } from '../api/save-user';
import type { User } from '../types';
import type { UserFormValues } from './user-form';

interface SaveUserOptions {
  canAssignRoles: boolean;
  refresh: () => Promise<unknown>;
}

/**
 * The detail dialog's save. `formRef` must be pointed at the dialog's form so a "reload" can put the
 * current values back into it; `conflictDialog` must be rendered for the 409 question to show.
 */
export function useSaveUser({ canAssignRoles, refresh }: SaveUserOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [askConflict, conflictDialog] = useReferenceConflict();
  const formRef = useRef<FormInstance | null>(null);

  /** Create or update; a 409 opens the reference-conflict warning (overwrite / recover / cancel). */
  const save = async (values: UserFormValues, id: string | null): Promise<User> => {
    // Save pressed while the form's chunk is still on its way (a skeleton on screen): there are no
    // fields yet, so nothing to send; the click does nothing rather than sending an empty user.
    if (Object.keys(values).length === 0) throw new ActionCancelled();
    // The form's module is loaded by then (the dialog draws it); imported here so the list does not need it.
    const { toUserFormValues, toUserPayload } = await import('./user-form');
    const payload = toUserPayload(values, canAssignRoles);
    const version = Number(values.version ?? 0);
    try {
      return id ? await updateUser(id, payload, version) : await createUser(payload);
    } catch (error) {
      if (!(isApiError(error) && error.status === 409)) throw error;
      const details = (error.details ?? {}) as { ref?: string; current?: User };
      const choice = await askConflict(id ? 'stale' : 'removed');
      if (choice === 'overwrite') {
        return id ? await updateUser(id, payload, version, true) : await createUser(payload, true);
      }
      if (choice === 'recover' && id) {
        // The record changed meanwhile: show its current values and let the person decide again.
        const current = details.current ?? (await getUser(id));
        queryClient.setQueryData(userQuery(id).queryKey, current);
        formRef.current?.setFieldsValue(toUserFormValues(current) as never);
        message.info(t('users.conflict.reloaded'));
      } else if (choice === 'recover' && details.ref) {
        const recovered = await recoverUser(details.ref);
        await refresh();
        message.success(t('users.conflict.recovered'));
        navigate(`${PATHS.users}/${encodeURIComponent(recovered._id)}/edit`);
      }
      throw new ActionCancelled();
    }
  };

  return { save, formRef, conflictDialog };
}
