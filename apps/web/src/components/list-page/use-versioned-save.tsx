import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { ActionCancelled } from '../../lib/notify';
import { useReferenceConflict } from './reference-conflict';

/**
 * The save of a side-dialog form over a versioned record: create, or update with the version read;
 * a 409 opens the reference-conflict warning and "overwrite" resends with force (spec §4).
 */
export function useVersionedSave<F, T>(calls: {
  create: (form: F) => Promise<T>;
  update: (id: string, form: F, version: number, force?: boolean) => Promise<T>;
}): { save: (form: F, id: string | null, version: number) => Promise<T>; conflictDialog: ReactNode } {
  const [askConflict, conflictDialog] = useReferenceConflict();
  const save = async (form: F, id: string | null, version: number) => {
    if (!id) return calls.create(form);
    try {
      return await calls.update(id, form, version);
    } catch (error) {
      if (!(isApiError(error) && error.status === 409)) throw error;
      if ((await askConflict('stale')) === 'overwrite') return calls.update(id, form, version, true);
      throw new ActionCancelled();
    }
  };
  return { save, conflictDialog };
}
