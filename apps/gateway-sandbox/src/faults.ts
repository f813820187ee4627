export const GATEWAYS = ['enzona', 'transfermovil'] as const;
export type GatewayKey = (typeof GATEWAYS)[number];

export const FAULT_MODES = ['none', 'delay', 'duplicate', 'reorder', 'drop', 'fail'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/**
 * What a gateway is told to do wrong. `times` means, per mode:
 * - fail: how many API calls fail before the gateway recovers (unset: until changed);
 * - drop / delay: how many notifications are dropped / delayed (unset: all of them);
 * - duplicate: how many copies of each notification are sent (default 2);
 * - reorder: how many notifications are held before being released newest first (default 2).
 */
export interface Fault {
  mode: FaultMode;
  delayMs: number;
  times?: number;
}

const NONE: Fault = { mode: 'none', delayMs: 0 };

export class Faults {
  private current: Record<GatewayKey, Fault> = { enzona: NONE, transfermovil: NONE };

  get(gateway: GatewayKey): Fault {
    return this.current[gateway];
  }

  set(gateway: GatewayKey, fault: Fault): void {
    this.current[gateway] = fault.mode === 'none' ? NONE : fault;
  }

  reset(): void {
    this.current = { enzona: NONE, transfermovil: NONE };
  }

  /** Whether the fault `mode` applies to this event; counts it down when `times` limits it. */
  take(gateway: GatewayKey, mode: 'fail' | 'drop' | 'delay'): Fault | null {
    const fault = this.current[gateway];
    if (fault.mode !== mode) return null;
    if (fault.times !== undefined) {
      const left = fault.times - 1;
      this.current[gateway] = left > 0 ? { ...fault, times: left } : NONE;
    }
    return fault;
  }
}
