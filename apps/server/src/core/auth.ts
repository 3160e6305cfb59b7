import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` for owner routes. */
    userId: string;
    /** The bearer token's hash, so logout can revoke exactly this token. */
    tokenHash: string;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token && token !== 'undefined' && token !== 'null' ? token : undefined;
}

/** Finds the owner of a bearer token (the auth module's sessions); undefined when unknown or revoked. */
export type TokenResolver = (token: string) => Promise<{ userId: string; tokenHash: string } | undefined>;

/**
 * `onRequest: app.authenticate` makes a route owner-only and sets request.userId. The resolver
 * comes from the auth module (app.ts wires it), so core knows no module.
 */
export const authPlugin = fp<{ resolveToken: TokenResolver }>(async (app, opts) => {
  app.decorateRequest('userId', '');
  app.decorateRequest('tokenHash', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const found = await opts.resolveToken(token);
    if (!found) throw unauthorized();
    request.userId = found.userId;
    request.tokenHash = found.tokenHash;
  });
});
