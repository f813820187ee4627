import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSandbox, DEV_DEFAULTS, type SandboxOptions } from '@ov/gateway-sandbox';
import type { FastifyInstance } from 'fastify';

/** The gateway sandbox on a free port, with the controls tests use. */
export interface RunningSandbox {
  app: FastifyInstance;
  url: string;
  enzonaBaseUrl: string;
  tmBaseUrl: string;
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }>;
  fault(
    gateway: 'enzona' | 'transfermovil',
    mode: string,
    extra?: { delayMs?: number; times?: number },
  ): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const app = await buildSandbox({
    ...opts,
    transfermovil: { retryBaseMs: 20, notifyTimeoutMs: 2000, ...opts.transfermovil },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const control: RunningSandbox['control'] = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    app,
    url,
    enzonaBaseUrl: `${url}/enzona`,
    tmBaseUrl: `${url}/transfermovil/RestExternalPayment.svc`,
    control,
    async fault(gateway, mode, extra = {}) {
      const res = await control('POST', '/sandbox/faults', { gateway, mode, ...extra });
      if (res.status !== 200) throw new Error(`fault not set: ${JSON.stringify(res.body)}`);
    },
    async reset() {
      await control('POST', '/sandbox/reset');
    },
    close: () => app.close(),
  };
}

export const SANDBOX_CREDENTIALS = DEV_DEFAULTS;

export interface ReceivedNotification {
  headers: IncomingHttpHeaders;
  body: any;
}

/** A tiny merchant endpoint: records every notification and answers as told. */
export interface NotificationReceiver {
  url: string;
  received: ReceivedNotification[];
  /** Decides the answer to each notification (default: acknowledge). */
  respond: (n: ReceivedNotification, index: number) => { status: number; body: unknown };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<NotificationReceiver> {
  const receiver: NotificationReceiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200, body: { Success: true, Resultmsg: 'OK', Status: 1 } }),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const n = { headers: req.headers, body: text ? JSON.parse(text) : null };
      receiver.received.push(n);
      const answer = receiver.respond(n, receiver.received.length - 1);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/transfermovil/notify`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Waits until `check` holds (the sandbox notifies asynchronously); fails with `what` after a while. */
type Falsy = false | 0 | '' | null | undefined;

export async function eventually<T>(
  what: string,
  check: () => T | Falsy | Promise<T | Falsy>,
  limitMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`Still waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}
