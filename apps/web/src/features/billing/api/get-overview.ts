import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { oldestAsOf } from '../components/last-known-notice';
import type { AccountSummary, AdvanceBalance, CodeOverview, StaffAccount, TotalDebt } from '../types';
import { useMyCcs } from './find-my-ccs';
import { BASE, BILLING_KEY } from './keys';

export type Viewer = 'customer' | 'staff';

/** 'Calle 17 No. 818, e/ Zapata y Infanta' — the same shape the API gives the customer's cards. */
export function addressOf(a: Pick<AccountSummary, 'street' | 'number' | 'betweenStreets'>): string {
  let text = a.street;
  if (a.number) text += ` No. ${a.number}`;
  if (a.betweenStreets) text += `, e/ ${a.betweenStreets}`;
  return text;
}

function getTotalDebt(cc: string, signal?: AbortSignal) {
  return api.post<TotalDebt>(`${BASE}/total-debt`, { cc }, signal);
}

function getAdvanceBalance(cc: string, signal?: AbortSignal) {
  return api.post<AdvanceBalance>(`${BASE}/advance-balance`, { cc }, signal);
}

/** The account's contract facts (policy, contract number); refused (854) for inactive accounts. */
function getAccountFacts(cc: string, signal?: AbortSignal) {
  return api.post<AccountSummary>(`${BASE}/account-summary`, { cc }, signal);
}

async function findStaffAccount(cc: string, signal?: AbortSignal): Promise<StaffAccount | null> {
  const response = await api.request<StaffAccount[]>('/billing/accounts/search', {
    method: 'POST',
    body: { page: 1, size: 5, search: cc, filters: [] },
    signal,
  });
  return (response.data ?? []).find((account) => account.cc === cc) ?? null;
}

/** A customer's code's contract facts; refused (854) for inactive accounts, which the page shows without them. */
export function factsQuery(cc: string) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'facts', cc],
    queryFn: ({ signal }) => getAccountFacts(cc, signal),
    meta: { silent: true },
    retry: false,
  });
}

export function totalDebtQuery(cc: string) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'total-debt', cc],
    queryFn: ({ signal }) => getTotalDebt(cc, signal),
  });
}

/**
 * The header of a code's detail. Customers: their card (my-ccs) plus the contract facts; staff: the
 * account lookup plus total debt and advance balance.
 */
export function useCodeOverview(cc: string, viewer: Viewer) {
  const isStaff = viewer === 'staff';
  const mine = useMyCcs(!isStaff);
  const facts = useQuery({ ...factsQuery(cc), enabled: !isStaff });
  const staff = useQuery({
    queryKey: [...BILLING_KEY, 'staff-account', cc],
    queryFn: ({ signal }) => findStaffAccount(cc, signal),
    enabled: isStaff,
  });
  const debt = useQuery(totalDebtQuery(cc));
  const balance = useQuery({
    queryKey: [...BILLING_KEY, 'advance-balance', cc],
    queryFn: ({ signal }) => getAdvanceBalance(cc, signal),
    enabled: isStaff,
  });

  if (isStaff) {
    const account = staff.data;
    const data: CodeOverview | undefined = account
      ? {
          cc: account.cc,
          holder: account.holder,
          clientType: account.clientType,
          address: addressOf(account),
          municipality: account.municipality,
          commercialOffice: account.commercialOffice,
          active: account.active,
          policy: account.policy,
          contractNumber: account.contractNumber,
          totalDebtCents: debt.data?.totalDebtCents ?? 0,
          pendingInvoices: debt.data?.pendingInvoices ?? null,
          advanceBalanceCents: balance.data?.balanceCents ?? 0,
          asOf: debt.data?.asOf,
        }
      : undefined;
    return {
      data,
      isPending: staff.isPending || debt.isPending || balance.isPending,
      notFound: staff.isSuccess && !account,
      error: staff.error,
    };
  }

  const card = mine.data?.find((entry) => entry.cc === cc);
  const data: CodeOverview | undefined = card
    ? {
        cc: card.cc,
        holder: card.holder,
        clientType: card.clientType,
        address: card.address,
        municipality: card.municipality,
        commercialOffice: card.commercialOffice,
        active: card.active,
        policy: facts.data?.policy ?? null,
        contractNumber: facts.data?.contractNumber ?? null,
        totalDebtCents: debt.data?.totalDebtCents ?? card.totalDebtCents,
        pendingInvoices: debt.data?.pendingInvoices ?? null,
        advanceBalanceCents: card.advanceBalanceCents,
        asOf: oldestAsOf([debt.data?.asOf, card.asOf]),
      }
    : undefined;
  return {
    data,
    isPending: mine.isPending,
    notFound: mine.isSuccess && !card,
    error: mine.error,
  };
}
