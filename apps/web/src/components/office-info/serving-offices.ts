import { API_BASE } from '../../lib/urls';

/** What anyone may see of a commercial office (design §6). */
export interface PublicOffice {
  _id: string;
  name: string;
  address: string;
  province: string;
  municipality: number;
  phone: string | null;
  hours: string | null;
}

/** The offices serving a municipality (anonymous, design §6). */
export async function officesServing(municipality: number, signal?: AbortSignal): Promise<PublicOffice[]> {
  const r = await fetch(`${API_BASE}/commercial-offices/public?municipality=${municipality}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as PublicOffice[];
}
