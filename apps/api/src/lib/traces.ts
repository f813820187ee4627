import type { TRACE_TYPES } from '@ov/domain';
import type { Executor } from '../db/client';
import { traces } from '../db/schema';
import { insertOf, type PendingInsert, pendingInsert } from './batch';

export type TraceType = (typeof TRACE_TYPES)[number];

export interface TraceInput {
  space: string;
  type: TraceType;
  owner: string | null;
  module: string;
  section: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const HIDDEN = new Set(['passwordHash', 'password', 'tokenHash']);

function scrub(o: Record<string, unknown> | null | undefined) {
  if (!o) return o ?? null;
  return Object.fromEntries(Object.entries(o).filter(([k]) => !HIDDEN.has(k)));
}

/** Only the fields that changed, as {field: {before, after}}; secrets never enter the log. */
export function diff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
) {
  const b = scrub(before) ?? {};
  const a = scrub(after) ?? {};
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (JSON.stringify(b[key]) !== JSON.stringify(a[key]))
      changes[key] = { before: b[key] ?? null, after: a[key] ?? null };
  }
  return changes;
}

/** Call inside the transaction that makes the change, so the trace and the change land together. */
export async function writeTrace(ex: Executor, t: TraceInput) {
  await traceInsert(ex, t);
}

/** The trace's INSERT, not yet run (to batch it with others, see lib/batch.ts). */
export function traceInsert(ex: Executor, t: TraceInput) {
  return insertOf(ex, pendingTrace(t));
}

/** The trace as a pending row (lib/batch.ts). */
export function pendingTrace(t: TraceInput): PendingInsert {
  return pendingInsert(traces, {
    space: t.space,
    type: t.type,
    owner: t.owner,
    module: t.module,
    section: t.section,
    entityId: t.entityId ?? null,
    payload: { changes: diff(t.before, t.after) },
  });
}
