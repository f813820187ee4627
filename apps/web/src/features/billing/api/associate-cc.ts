import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ClientCodeSummary } from '../types';
import { BASE, BILLING_KEY } from './keys';

export interface AssociateCcInput {
  cc: string;
  proof: string;
}

export function associateCc(input: AssociateCcInput): Promise<ClientCodeSummary> {
  return api.post<ClientCodeSummary>(`${BASE}/associate-cc`, input);
}

/** Errors are shown inside the dialog (497, 499, 357, 854…), so this mutation never toasts. */
export function useAssociateCc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateCc,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
