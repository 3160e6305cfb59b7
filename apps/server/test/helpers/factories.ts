import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signup } from '../../src/modules/auth/service';

export interface TestOwner {
  userId: string;
  token: string;
  email: string;
  password: string;
  username: string;
}

/** A signed-up owner, made through the domain function (the HTTP signup is rate-limited). */
export async function createOwner(app: FastifyInstance, overrides: Partial<TestOwner> = {}): Promise<TestOwner> {
  const email = overrides.email ?? `owner-${randomUUID().slice(0, 8)}@example.ru`;
  const password = overrides.password ?? 'пароль-123';
  const username = overrides.username ?? 'Владелец';
  const { token, userId } = await signup(app.ctx, { email, password, username });
  await app.ctx.queue.drain();
  return { userId, token, email, password, username };
}
