import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventSink } from './notifications.stream';

/**
 * The notifications stream's transport: Server-Sent Events written on the raw socket of a hijacked
 * reply (Fastify's serialisation and compression stay out of the way). Nothing is written until
 * `start`, so an error before it is still answered as JSON by the error handler.
 */
export function eventStream(req: FastifyRequest, reply: FastifyReply): EventSink {
  const res = reply.raw;
  const write = (chunk: string) => {
    if (!res.writableEnded) res.write(chunk);
  };
  return {
    start({ retryMs }) {
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${retryMs}\n\n`);
    },
    event: (name, data) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    ping: () => write(': ping\n\n'),
    end() {
      if (!res.writableEnded) res.end();
    },
    onClose(fn) {
      req.raw.on('close', fn);
    },
  };
}
