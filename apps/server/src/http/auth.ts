import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import { userIdForToken } from '../modules/auth/tokens';

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

/** `preHandler: app.authenticate` makes a route owner-only and sets request.userId. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('userId', '');
  app.decorateRequest('tokenHash', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const found = await userIdForToken(app.ctx.db, token);
    if (!found) throw unauthorized();
    request.userId = found.userId;
    request.tokenHash = found.tokenHash;
  });
});
