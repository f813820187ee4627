import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { notify } from '../lib/notify';
import { createQueryClient } from './query-client';

vi.mock('../lib/notify', () => ({ notify: { error: vi.fn() } }));
afterEach(() => vi.mocked(notify.error).mockReset());

const failing = () => Promise.reject(ApiError.network(new Error('sin red')));

describe('the signed-in query cache', () => {
  it('reports a failed read the page shows, once', async () => {
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['shown'], queryFn: failing, retry: false });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    unsubscribe();
  });

  it('keeps quiet about a read nobody shows yet (a prefetch ahead of the page)', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['ahead'], queryFn: failing, retry: false });
    expect(client.getQueryState(['ahead'])?.status).toBe('error');
    expect(notify.error).not.toHaveBeenCalled();
  });
});
