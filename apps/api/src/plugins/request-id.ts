import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What an id from the load balancer or a client may look like: short, no spaces, nothing to inject in a log. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is safe (the load balancer's, so one
 * request can be followed across nginx and the API processes), otherwise a new UUID.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer carries the request's id (also the `reqId` of its log lines), but a hashed build file (spa.ts). */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
