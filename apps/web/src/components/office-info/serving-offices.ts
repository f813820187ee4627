import { API_BASE } from '../../lib/urls';

/** What anyone may see of a commercial office (design §6). */
export interface PublicOffice {
  _id: string;
  name: string;
  address: string;
  province: string;
  municipality: number;
  phone: string | null;
  /** In the language asked for, or in Spanish when the office has none in it (`hoursLang`). */
  hours: string | null;
  hoursLang?: 'es' | 'en' | null;
}

/** The offices serving a municipality (anonymous, design §6), their hours in `language` when they have it. */
export async function officesServing(
  municipality: number,
  signal?: AbortSignal,
  language = 'es',
): Promise<PublicOffice[]> {
  const r = await fetch(`${API_BASE}/commercial-offices/public?municipality=${municipality}`, {
    headers: { Accept: 'application/json', 'Accept-Language': language === 'en' ? 'en' : 'es' },
    signal,
  });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as PublicOffice[];
}
