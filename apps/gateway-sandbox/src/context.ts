import type { FastifyRequest } from 'fastify';
import type { TmCredentials } from './credentials';
import { Faults } from './faults';

export interface EnzonaOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of an access token, in seconds. */
  tokenTtlSeconds: number;
  merchantName: string;
}

export interface TransfermovilOptions extends TmCredentials {
  /** First retry waits this long; each later retry doubles it. */
  retryBaseMs: number;
  /** Deliveries of one notification before the bank gives up. */
  maxAttempts: number;
  /** Per-attempt timeout of a notification POST. */
  notifyTimeoutMs: number;
  merchantName: string;
}

export interface SandboxOptions {
  enzona?: Partial<EnzonaOptions>;
  transfermovil?: Partial<TransfermovilOptions>;
  /** Base URL the payer's browser uses to reach the sandbox; derived from the request when unset. */
  publicUrl?: string;
  /** Clock (tests); defaults to the real time. */
  now?: () => Date;
  logger?: boolean | object;
}

/** Development defaults: they match the API's defaults so both start talking to each other. */
export const DEV_DEFAULTS = {
  enzona: {
    clientId: 'ov-dev-enzona-client',
    clientSecret: 'ov-dev-enzona-secret',
    tokenTtlSeconds: 3600,
    merchantName: 'Aguas de La Habana',
  } satisfies EnzonaOptions,
  transfermovil: {
    username: 'ov-dev-tm',
    seed: 'ov-dev-tm-seed',
    source: '8001',
    retryBaseMs: 1000,
    maxAttempts: 5,
    notifyTimeoutMs: 5000,
    merchantName: 'Aguas de La Habana',
  } satisfies TransfermovilOptions,
};

export interface Ctx {
  enzona: EnzonaOptions;
  transfermovil: TransfermovilOptions;
  faults: Faults;
  now: () => Date;
  publicUrl: (req: FastifyRequest) => string;
  /** setTimeout that is cancelled when the sandbox closes. */
  wait: (ms: number) => Promise<void>;
  isClosed: () => boolean;
}

export function createCtx(opts: SandboxOptions): Ctx & { close(): void } {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  return {
    enzona: { ...DEV_DEFAULTS.enzona, ...defined(opts.enzona) },
    transfermovil: { ...DEV_DEFAULTS.transfermovil, ...defined(opts.transfermovil) },
    faults: new Faults(),
    now: opts.now ?? (() => new Date()),
    publicUrl: (req) => (opts.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, ''),
    wait: (ms) =>
      new Promise((resolve) => {
        if (closed) return;
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      }),
    isClosed: () => closed,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

function defined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
