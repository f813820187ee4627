import { REFUSAL_REASONS, type RefusalReason } from './ledger';

/**
 * What the reference system is told to do wrong, switchable at runtime (`POST /control/faults`), as
 * the gateway sandbox does for the gateways. Three independent slots:
 * - `api`, every `/v1` call: `slow` (answers after `delayMs`), `fail` (answers `status`, 503 by
 *   default, without doing anything), `down` (drops the connection without an answer);
 * - `payments`, `POST /v1/payments` only: `refuse` (409 `{reason}` without applying), `fail-after`
 *   (applies the payment, then answers 503 as if the answer were lost: the caller must retry with
 *   the same key and get 200 with the same postingId);
 * - `changes`, `GET /v1/changes`: `duplicate` (every event of a page delivered twice, and the event at
 *   `after`, already delivered, delivered again first), `reorder` (the page's events in reverse
 *   order: cursors no longer increase, which the contract forbids; the kit must notice).
 * `times` limits how many calls the fault hits (unset: until changed); `ratio` (0–1) makes it hit
 * only that share of calls, at random.
 */
export const FAULT_TARGETS = ['api', 'payments', 'changes'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

export const FAULT_MODES = {
  api: ['none', 'slow', 'fail', 'down'],
  payments: ['none', 'refuse', 'fail-after'],
  changes: ['none', 'duplicate', 'reorder'],
} as const satisfies Record<FaultTarget, readonly string[]>;

export interface Fault {
  mode: string;
  delayMs?: number;
  status?: number;
  reason?: RefusalReason;
  times?: number;
  ratio?: number;
}

const NONE: Fault = { mode: 'none' };

export class Faults {
  private current: Record<FaultTarget, Fault> = { api: NONE, payments: NONE, changes: NONE };

  constructor(private readonly random: () => number = Math.random) {}

  all(): Record<FaultTarget, Fault> {
    return { ...this.current };
  }

  get(target: FaultTarget): Fault {
    return this.current[target];
  }

  /** Validates and sets a fault; returns an error message instead when it is not valid. */
  set(target: FaultTarget, fault: Fault): string | null {
    if (!FAULT_TARGETS.includes(target)) return `target must be ${FAULT_TARGETS.join('|')}`;
    const modes: readonly string[] = FAULT_MODES[target];
    if (!modes.includes(fault.mode)) return `mode of ${target} must be ${modes.join('|')}`;
    const int = (v: unknown, min: number) => v === undefined || (Number.isInteger(v) && (v as number) >= min);
    if (!int(fault.delayMs, 0) || !int(fault.times, 1)) return 'delayMs must be an integer ≥ 0, times ≥ 1';
    if (
      fault.status !== undefined &&
      !(Number.isInteger(fault.status) && fault.status >= 500 && fault.status < 600)
    )
      return 'status must be a 5xx code';
    if (fault.ratio !== undefined && !(fault.ratio > 0 && fault.ratio <= 1)) return 'ratio must be in (0, 1]';
    if (fault.mode === 'refuse' && !REFUSAL_REASONS.includes(fault.reason as RefusalReason))
      return `reason must be ${REFUSAL_REASONS.join('|')}`;
    if (fault.mode === 'slow' && !fault.delayMs) return 'slow needs delayMs';
    this.current[target] = fault.mode === 'none' ? NONE : { ...fault };
    return null;
  }

  reset(): void {
    this.current = { api: NONE, payments: NONE, changes: NONE };
  }

  /** The fault of `target` if it hits this call (counting `times` down), else null. */
  take(target: FaultTarget): Fault | null {
    const fault = this.current[target];
    if (fault.mode === 'none') return null;
    if (fault.ratio !== undefined && this.random() >= fault.ratio) return null;
    if (fault.times !== undefined) {
      const left = fault.times - 1;
      this.current[target] = left > 0 ? { ...fault, times: left } : NONE;
    }
    return fault;
  }
}
