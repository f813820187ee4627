import { DIALOG_CLOSE_DELAY_MS } from '@ov/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { DetailMode } from '../detail-dialog/detail-dialog';
import { detailPath, parseDetailRoute } from '../detail-dialog/detail-route';

interface DetailLocationState {
  fromView?: boolean;
}

/**
 * The side dialog follows the URL: `{route}/create`, `{route}/{id}`, `{route}/{id}/edit`. Closing first
 * animates the dialog away, then returns to the list after the spec's 0.5 s.
 */
export function useDetailRouting(basePath: string) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { mode, id } = parseDetailRoute(params['*']);
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fromView = (location.state as DetailLocationState | null)?.fromView === true;
  const search = location.search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new detail path means the dialog is open again
  useEffect(() => setClosing(false), [mode, id]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const open = useCallback(
    (next: DetailMode, nextId?: string | null, state?: DetailLocationState) =>
      navigate({ pathname: detailPath(basePath, next, nextId), search }, { state }),
    [basePath, navigate, search],
  );

  const close = useCallback(() => {
    setClosing(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate({ pathname: basePath, search }), DIALOG_CLOSE_DELAY_MS);
  }, [basePath, navigate, search]);

  /** Cancel in edit: back to view when edit was entered from view, otherwise close. */
  const cancelEdit = useCallback(() => {
    if (mode === 'edit' && fromView && id) navigate({ pathname: detailPath(basePath, 'view', id), search });
    else close();
  }, [mode, fromView, id, basePath, navigate, search, close]);

  return { mode, id, isOpen: mode !== null && !closing, fromView, open, close, cancelEdit };
}
