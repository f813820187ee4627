import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BASE, BILLING_KEY } from './keys';

export function dissociateCc(cc: string): Promise<{ cc: string; associated: boolean }> {
  return api.post(`${BASE}/dissociate-cc`, { cc });
}

export function useDissociateCc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dissociateCc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
