import type { FastifyRequest } from 'fastify';

/** Rate limits of the public entry points (ARCHITECTURE §6), one place for all. */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: 60_000 },
  signup: { max: 10, timeWindow: 10 * 60_000 },
  forgotPassword: { max: 5, timeWindow: 10 * 60_000 },
  resetPassword: { max: 10, timeWindow: 10 * 60_000 },
  sendConfirmation: { max: 5, timeWindow: 10 * 60_000 },
  /** Confirmation mails of notification addresses, per owner (an owner may set up several assistants). */
  notificationConfirmation: { max: 10, timeWindow: 10 * 60_000 },
  contactRequest: { max: 5, timeWindow: 10 * 60_000 },
  promptHelper: { max: 10, timeWindow: 10 * 60_000 },
  /** The send-snippet call has no authorisation (spec §6): per IP, per assistant and per recipient. */
  sendSnippet: { max: 5, timeWindow: 10 * 60_000 },
  sendSnippetPerAssistant: { max: 10, timeWindow: 60 * 60_000 },
  sendSnippetPerRecipient: { max: 3, timeWindow: 60 * 60_000 },
  /** The visitor API (ARCHITECTURE §3), per client address and assistant. */
  visitorCreate: { max: 30, timeWindow: 60_000 },
  visitorMessage: { max: 60, timeWindow: 60_000 },
  visitorPhone: { max: 10, timeWindow: 60_000 },
  /** Owner calls that cost outbound fetches (up to 30 pages each) or model tokens, per owner. */
  siteScrape: { max: 20, timeWindow: 10 * 60_000 },
  synonymizer: { max: 30, timeWindow: 60_000 },
} as const;

/** A limit counted per signed-in owner (the route's authentication runs first), whatever the address. */
export const perOwner = (name: string) => (req: FastifyRequest) => `${name}|${req.userId}`;
