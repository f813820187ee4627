import { api } from './api-client';

/**
 * A change over the version the user read: the API answers 409 `{ref, current}` when someone else
 * changed the record meanwhile, and takes `force` to overwrite (the reference-conflict flow, spec §4).
 */
export function patchVersioned<T>(path: string, body: object, version: number, force = false): Promise<T> {
  return api
    .request<T>(path, { method: 'PATCH', body: { ...body, version, ...(force ? { force: true } : {}) } })
    .then((answer) => answer.data);
}

export function removeAt(path: string): Promise<void> {
  return api.request<void>(path, { method: 'DELETE' }).then(() => undefined);
}
