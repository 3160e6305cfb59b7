import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a fetch did not give a page: a refused address, a network failure or the site's own status. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: 'address' | 'network' | 'timeout' | 'status' | 'type' | 'size',
    readonly status = 0,
  ) {
    super(`fetch refused: ${reason} ${status}`);
  }
}

/** Every address a host name resolves to (all of them are checked, not only the first). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface SafeFetchOptions {
  /** Tests only (SCRAPE_ALLOW_LOOPBACK): lets 127.0.0.0/8 and ::1 through, nothing else. */
  allowLoopback?: boolean;
  /** The system's DNS by default; tests give their own, having no DNS for made-up names. */
  resolve?: Resolver;
  /**
   * Tests only: one exact address and port let through as if it were a public site, so a test
   * can serve a "public" first hop on loopback while every other target, a redirect to another
   * loopback port included, is judged as in production.
   */
  standInPublic?: { address: string; port: number };
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** Abandons the fetch (a scrape job past its time limit). */
  signal?: AbortSignal;
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * Only public unicast addresses: no loopback, private, link-local, CGNAT, multicast, unique-local
 * or reserved ranges, and IPv4-mapped/translated IPv6 forms are judged by the IPv4 inside.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** http and https URLs only; anything else is refused before any network traffic. */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefused('address');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    throw new FetchRefused('address');
  return url;
}

/**
 * Resolves the host and checks every address it resolves to; the connection then goes to the
 * checked address (pinned through `lookup`), so a DNS answer that changes between the check and
 * the connect (rebinding) cannot reach an internal address.
 */
async function resolveChecked(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const allowed = (address: string) =>
    isPublicAddress(address, opts.allowLoopback ?? false) ||
    (opts.standInPublic?.address === address && opts.standInPublic.port === port);
  if (isIP(host)) {
    if (!allowed(host)) throw new FetchRefused('address');
    return { address: host, family: isIP(host) };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (opts.resolve ?? systemResolver)(host);
  } catch {
    throw new FetchRefused('address');
  }
  if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) throw new FetchRefused('address');
  return addresses[0] as { address: string; family: number };
}

/** GET with the SSRF guard on the first request and on every redirect, a time limit and a size limit. */
export async function safeFetch(input: string, opts: SafeFetchOptions): Promise<FetchedPage> {
  let url = parseHttpUrl(input);
  const deadline = Date.now() + opts.timeoutMs;
  for (let hop = 0; ; hop++) {
    const pinned = await resolveChecked(url, opts);
    const res = await requestOnce(url, pinned, Math.max(1, deadline - Date.now()), opts.maxBytes, opts.signal);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= (opts.maxRedirects ?? 5)) throw new FetchRefused('network');
      url = parseHttpUrl(new URL(res.location, url).toString());
      continue;
    }
    return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body };
  }
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  timeoutMs: number,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        timeout: timeoutMs,
        signal,
        headers: {
          'user-agent': 'OtklikBot/1.0 (+knowledge base import)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
          'accept-language': 'ru,en;q=0.5',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const parts: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new FetchRefused('size'));
            return;
          }
          parts.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new FetchRefused('timeout')), timeoutMs);
    req.on('timeout', () => req.destroy(new FetchRefused('timeout')));
    req.on('error', (err) => reject(err instanceof FetchRefused ? err : new FetchRefused('network')));
    req.on('close', () => clearTimeout(timer));
  });
}
