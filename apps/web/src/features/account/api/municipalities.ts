import { LOOKUP_SIZE } from '@ov/domain/constants';
import { useEffect, useState } from 'react';
import { API_BASE } from '../../../lib/urls';

export interface MunicipalityOption {
  pk: number;
  municipio: string;
  province?: string;
}

let cached: Promise<MunicipalityOption[]> | null = null;

/** The municipality lookup (public, fetched once with size 999). */
export function loadMunicipalities(): Promise<MunicipalityOption[]> {
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

export function useMunicipalities(): { options: MunicipalityOption[]; loading: boolean } {
  const [options, setOptions] = useState<MunicipalityOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    loadMunicipalities()
      .then((list) => alive && setOptions(list))
      .catch(() => alive && setOptions([]))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  return { options, loading };
}
