import { Readable } from 'node:stream';
import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import { csvHeader, csvLine, csvInteger as integer, csvMoney as money } from '../../lib/csv';
import type { Lang } from '../../lib/language';
import type { SearchQuery } from '../../lib/search';
import { readsAllPayments } from './payments.access';
import { type PaymentScope, type PaymentsRepository, toPaymentDto } from './payments.repository';

/** Customers see their own payments; staff with TRANSFERMOVIL:READ or INVOICE:READ all of the space. */
function scopeOf(p: Principal): PaymentScope {
  if (readsAllPayments(p)) return { space: p.space };
  if (!p.isCustomer) throw new AppError('BADREQUESTERROR', 452);
  return { space: p.space, userId: p.userId };
}

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'cc',
  'type',
  'paymentMethods',
  'status',
  'amount',
  'bonus',
  'resultCode',
  'externalId',
  'gatewayRef',
  'settledAt',
] as const;

export function createPaymentRecords(repo: PaymentsRepository) {
  return {
    async search(p: Principal, q: SearchQuery, lang: Lang) {
      const { rows, total } = await repo.search(scopeOf(p), q);
      return { rows: rows.map((r) => toPaymentDto(r.payment, lang, r.posting)), total };
    },

    /** The same filters as a CSV stream (header first), read in pages so memory stays flat. */
    /**
     * The first page is read before anything is sent: a filter the database refuses is a 400 with a
     * catalogue body, not a 200 whose stream breaks off. The rest streams page by page.
     */
    async exportCsv(p: Principal, q: SearchQuery): Promise<Readable> {
      const pageSize = 1000;
      const pages = repo.exportPages(scopeOf(p), q);
      const page = (offset: number) => pages(offset, pageSize);
      const first = await page(0);
      const line = (r: (typeof first)[number]) => {
        const cells = [
          r.id,
          r.createdAt.toISOString(),
          r.cc,
          r.type,
          r.method,
          r.status,
          money(r.amountCents),
          money(r.bonusCents),
          integer(r.resultCode),
          r.externalId,
          r.gatewayRef,
          r.settledAt?.toISOString(),
        ];
        return csvLine(cells);
      };
      async function* lines() {
        yield csvHeader(CSV_COLUMNS);
        let rows = first;
        for (let offset = 0; offset < 1_000_000; offset += pageSize) {
          if (offset > 0) rows = await page(offset);
          for (const r of rows) yield line(r);
          if (rows.length < pageSize) return;
        }
      }
      return Readable.from(lines());
    },
  };
}
