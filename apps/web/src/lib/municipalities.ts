import { LOOKUP_SIZE } from '@ov/domain/constants';
import { useEffect, useMemo, useState } from 'react';
import { API_BASE } from './urls';

/** A municipality as the public lookup answers it. */
export interface MunicipalityOption {
  pk: number;
  municipio: string;
  province?: string;
}

let cached: Promise<MunicipalityOption[]> | null = null;

/**
 * The municipality lookup (`GET /api/ahab-requests/address/municipalities`: public, cached by the
 * browser), asked once per page load and shared by every form and list that names municipalities;
 * asked again after a failure. Without TanStack Query: the public register page ships without it.
 */
export function findMunicipalityOptions(): Promise<MunicipalityOption[]> {
  if (!cached) {
    cached = fetch(`${API_BASE}/ahab-requests/address/municipalities?size=${LOOKUP_SIZE}`, {
      headers: { Accept: 'application/json' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.json() as Promise<MunicipalityOption[]>;
      })
      .catch((error) => {
        cached = null;
        throw error;
      });
  }
  return cached;
}

/** The municipalities once known (empty while asking, and when the server did not answer). */
export function useMunicipalityOptions(): { options: MunicipalityOption[]; loading: boolean } {
  const [options, setOptions] = useState<MunicipalityOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    findMunicipalityOptions()
      .then((list) => alive && setOptions(list))
      .catch(() => alive && setOptions([]))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  return { options, loading };
}

/** Municipality names by key. */
export function useMunicipalityNames(): Map<number, string> {
  const { options } = useMunicipalityOptions();
  return useMemo(() => new Map(options.map((option) => [option.pk, option.municipio])), [options]);
}
