import { randomUUID } from 'node:crypto';
import { formatMoney, formatPeriod, type InvoiceIssuedNotificationParams } from '@ov/domain';
import { type Database, LOCKS } from '../../db/client';
import type { PendingInsert } from '../../lib/batch';
import { pendingTrace } from '../../lib/traces';
import type { CommercialSystem } from '../billing';
import { pendingMail, renderMail } from '../mail';
import type { ChangeEvent, ChangePage, CommercialClient } from './commercial.client';
import { CommercialUnavailable } from './commercial.client';
import {
  ANNOUNCED,
  announcedKey,
  type FeedRepository,
  type InvoiceHolder,
  pendingInvoiceNotice,
} from './feed.repository';

/** The contract's page size (the most it allows). */
export const FEED_PAGE = 500;
/** Live invoice reads of one page in flight at once. */
const INVOICE_READS = 8;
/** A pass stops after this many pages even if the feed has more (the next tick goes on). */
const MAX_PAGES = 200;

/**
 * The contract's order of cursors (commercial-system.v1.yaml, `Cursor`): as integers when both are
 * digits only (`42` < `108`), otherwise byte by byte. Negative: a before b.
 */
export function compareCursors(a: string, b: string): number {
  const digits = /^\d+$/;
  if (digits.test(a) && digits.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const laterCursor = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : compareCursors(b, a) > 0 ? b : a;

/** What a value the commercial system sent may be to appear in an e-mail (no free text from outside). */
const SAFE_TOKEN = /^[A-Za-z0-9._/-]{1,40}$/;

export interface FeedPass {
  /** False when another process was reading the feed (this one did nothing). */
  ran: boolean;
  pages: number;
  events: number;
  /** New invoices announced (each once, to every holder who asked for it). */
  announced: number;
  /** The stored cursor after the pass. */
  cursor: string | null;
  /** Why the pass stopped early (the system could not be read), or an anomaly of the feed. */
  error?: string;
}

export interface FeedLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The change feed reader (design §7): reads `GET /v1/changes` after the stored cursor until a page
 * comes back empty, and for each page: makes every process forget what it keeps about the codes named
 * (`CommercialSystem.forget`), tells the holders of a code with a new invoice (`INVOICE_ISSUED`) in the
 * app and/or by e-mail as each chose, and stores the page's `next` cursor; the page's notices and its
 * cursor commit together. One process at a time (LOCKS.commercialFeed, not waited for). A redelivered
 * event announces nothing twice (the announcement's trace is looked up by code and invoice number);
 * a cursor never moves back (an out-of-order page is recorded as the feed's last error); a failed
 * read is recorded and leaves the cursor where it was.
 */
export function createCommercialFeed(deps: {
  feed: FeedRepository;
  /** The contract's client (`changes`). */
  client: Pick<CommercialClient, 'changes'>;
  /** The commercial system the portal reads (a live `getInvoice`, `forget`). */
  commercial: Pick<CommercialSystem, 'getInvoice' | 'forget'>;
  locks: Pick<Database, 'withLock'>;
  /** The portal's address, for the link in the e-mail. */
  publicUrl: string;
  /** The space an announcement is traced in when nobody holds the code. */
  space: string;
  log?: FeedLogger;
}) {
  const { feed, client, commercial, locks } = deps;

  /** Codes, holders and live invoices of a page's new invoices not announced yet. */
  async function newInvoices(events: ChangeEvent[]) {
    const issued = new Map<string, { cc: string; invoiceNumber: string }>();
    for (const e of events)
      if (e.type === 'INVOICE_ISSUED' && e.invoiceNumber)
        issued.set(announcedKey(e.cc, e.invoiceNumber), { cc: e.cc, invoiceNumber: e.invoiceNumber });
    const already = await feed.announced([...issued.keys()]);
    const fresh = [...issued.entries()].filter(([key]) => !already.has(key)).map(([, v]) => v);
    const found: ((InvoiceIssuedNotificationParams & { key: string }) | null)[] = new Array(fresh.length);
    // Live reads (period and amount as the commercial system has them now), a few at a time.
    let next = 0;
    const reader = async () => {
      while (next < fresh.length) {
        const k = next++;
        const { cc, invoiceNumber } = fresh[k];
        const invoice = await commercial.getInvoice(cc, invoiceNumber);
        found[k] = invoice // not (or no longer) there: nothing to announce
          ? {
              key: announcedKey(cc, invoiceNumber),
              cc,
              invoiceNumber,
              periodFrom: invoice.periodFrom,
              periodTo: invoice.periodTo,
              amountCents: invoice.invoicedCents,
            }
          : null;
      }
    };
    await Promise.all(Array.from({ length: Math.min(INVOICE_READS, fresh.length) }, reader));
    const out = found.filter((i): i is InvoiceIssuedNotificationParams & { key: string } => i !== null);
    const holders = await feed.holders([...new Set(out.map((i) => i.cc))]);
    return { invoices: out, holders };
  }

  /** The notices of one new invoice: a drawer row per holder who wants it, a mail per holder who asked. */
  function notices(invoice: InvoiceIssuedNotificationParams & { key: string }, holders: InvoiceHolder[]) {
    const rows: PendingInsert[] = [];
    const signals: { id: string; owner: string }[] = [];
    const { key, ...params } = invoice;
    let inApp = 0;
    let byEmail = 0;
    for (const h of holders) {
      if (h.inApp) {
        const id = randomUUID();
        rows.push(
          pendingInvoiceNotice({
            id,
            space: h.space,
            owner: h.userId,
            name: `${formatMoney(params.amountCents)} · ${params.cc}`,
            params: { ...params },
          }),
        );
        signals.push({ id, owner: h.userId });
        inApp++;
      }
      if (h.byEmail && h.email) {
        const lang = h.language === 'en' ? 'en' : 'es';
        rows.push(
          pendingMail({
            to: h.email,
            kind: 'invoice-issued',
            ...renderMail('invoice-issued', lang, {
              name: h.firstName,
              period: formatPeriod(params.periodFrom, params.periodTo, lang),
              amount: formatMoney(params.amountCents),
              cc: SAFE_TOKEN.test(params.cc) ? params.cc : '—',
              invoiceNumber: SAFE_TOKEN.test(params.invoiceNumber) ? params.invoiceNumber : '—',
              link: `${deps.publicUrl}/oficina_virtual/payments/payments`,
            }),
          }),
        );
        byEmail++;
      }
    }
    rows.push(
      pendingTrace({
        space: holders[0]?.space ?? deps.space,
        type: 'CREATE',
        owner: null,
        module: ANNOUNCED.module,
        section: ANNOUNCED.section,
        entityId: key,
        after: { cc: params.cc, invoiceNumber: params.invoiceNumber, inApp, byEmail },
      }),
    );
    return { rows, signals };
  }

  /** Why the page is not in order, if it is not: cursors must increase and never go back. */
  function anomalyOf(page: ChangePage, after: string | null): string | null {
    for (let i = 1; i < page.events.length; i++) {
      const c = compareCursors(page.events[i].cursor, page.events[i - 1].cursor);
      if (c < 0)
        return `out-of-order cursors after ${after ?? 'the beginning'}: ${page.events[i - 1].cursor} then ${page.events[i].cursor}`;
    }
    if (after !== null && page.next !== null && compareCursors(page.next, after) < 0)
      return `next cursor ${page.next} is before the stored ${after}; kept ${after}`;
    return null;
  }

  async function actOnPage(page: ChangePage, after: string | null) {
    const ccs = [...new Set(page.events.map((e) => e.cc))];
    // Outside the transaction (PGlite has one connection; the adapter writes with its own): forgotten
    // twice if the page is read again, which is harmless.
    if (ccs.length && commercial.forget) await commercial.forget(ccs);
    const { invoices, holders } = await newInvoices(page.events);
    const rows: PendingInsert[] = [];
    const signals: { id: string; owner: string }[] = [];
    for (const invoice of invoices) {
      const n = notices(
        invoice,
        holders.filter((h) => h.cc === invoice.cc),
      );
      rows.push(...n.rows);
      signals.push(...n.signals);
    }
    const anomaly = anomalyOf(page, after);
    const cursor = laterCursor(after, page.next);
    const times = page.events.map((e) => Date.parse(e.at)).filter((t) => Number.isFinite(t));
    const lastEventAt = times.length ? new Date(Math.max(...times)) : null;
    await feed.transaction(async (tx) => {
      await feed.writeTogether(tx, rows);
      await feed.savePage(tx, { cursor, lastEventAt, anomaly });
    });
    // After the commit: the live push (the rows are in the drawer whatever happens to it).
    await Promise.all(signals.map((s) => feed.signal(s)));
    if (anomaly) deps.log?.warn({ anomaly }, 'commercial change feed out of order');
    return { cursor, announced: invoices.length, anomaly };
  }

  async function pass(): Promise<FeedPass> {
    const result: FeedPass = { ran: true, pages: 0, events: 0, announced: 0, cursor: null };
    let after = (await feed.state('feed'))?.cursor ?? null;
    result.cursor = after;
    try {
      for (let i = 0; i < MAX_PAGES; i++) {
        const page = await client.changes(after, FEED_PAGE);
        result.pages++;
        if (!page.events.length) {
          await feed.transaction((tx) =>
            feed.savePage(tx, { cursor: laterCursor(after, page.next), lastEventAt: null, anomaly: null }),
          );
          break;
        }
        result.events += page.events.length;
        const done = await actOnPage(page, after);
        result.announced += done.announced;
        if (done.anomaly) result.error = done.anomaly;
        const moved = done.cursor !== after;
        after = done.cursor;
        result.cursor = after;
        // Only events already read (a redelivery) or a page that does not move forward: read again next tick.
        if (!moved) break;
      }
    } catch (err) {
      const message =
        err instanceof CommercialUnavailable
          ? `${err.kind}: ${err.message}`
          : `${(err as Error).name}: ${(err as Error).message}`;
      result.error = message.slice(0, 500);
      await feed.saveError(result.error).catch(() => {});
      deps.log?.warn({ err: { message: result.error } }, 'commercial change feed not read');
    }
    return result;
  }

  return {
    /**
     * One pass of the reader, under LOCKS.commercialFeed taken without waiting: while another process
     * reads the feed, this one answers `ran: false` at once. Never rejects for a failed read (it is
     * recorded in commercial_state, as the health endpoint shows).
     */
    async readFeedOnce(): Promise<FeedPass> {
      const r = await locks.withLock(LOCKS.commercialFeed, pass, { wait: false });
      return r.ran ? r.value : { ran: false, pages: 0, events: 0, announced: 0, cursor: null };
    },
  };
}
export type CommercialFeed = ReturnType<typeof createCommercialFeed>;
