import { useCallback, useState } from 'react';
import { STORAGE_KEYS, storage } from '../../lib/storage-keys';
import { ROW_SIZES, type RowSize } from './types';

function readSize(tableId: string): RowSize {
  const stored = storage.get(STORAGE_KEYS.tableSize(tableId));
  return ROW_SIZES.includes(stored as RowSize) ? (stored as RowSize) : 'middle';
}

/** Row size and hidden columns, remembered per table in local storage. */
export function useTablePreferences(tableId: string, defaultHidden: string[]) {
  const [size, setSizeState] = useState<RowSize>(() => readSize(tableId));
  const [hidden, setHiddenState] = useState<string[]>(
    () => storage.getJson<string[]>(STORAGE_KEYS.tableHiddenColumns(tableId)) ?? defaultHidden,
  );

  const setSize = useCallback(
    (next: RowSize) => {
      storage.set(STORAGE_KEYS.tableSize(tableId), next);
      setSizeState(next);
    },
    [tableId],
  );

  const setHidden = useCallback(
    (next: string[]) => {
      storage.setJson(STORAGE_KEYS.tableHiddenColumns(tableId), next);
      setHiddenState(next);
    },
    [tableId],
  );

  return { size, setSize, hidden, setHidden };
}
