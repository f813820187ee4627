/** A trace as `POST /api/traces/search` returns it. */
export interface Trace {
  _id: string;
  type: string;
  owner: { _id: string; fullName: string; email: string } | null;
  date: string;
  module: string;
  section: string;
  entityId: string | null;
  /** `{changes: {field: {before, after}}}`: only what changed, never secrets. */
  payload: { changes?: Record<string, { before: unknown; after: unknown }> } | null;
}
