/**
 * The embed script (ARCHITECTURE §8): its size raw and gzipped as the server sends it (with the
 * conversation's code it fetches once the launcher is painted), and the
 * time until the launcher is visible after the script starts, in headless Chromium, on a page
 * of another origin holding the cabinet's HTML snippet. "Starts" is the moment the script's
 * bytes have arrived (its resource timing responseEnd: an async script runs right then);
 * "visible" is the first animation frame in which the launcher has a box. Measured for a first
 * visit (fresh browser context: no cache, no stored design) and for a returning visitor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnippet } from '@otklik/contract';
import { chromium } from 'playwright-core';
import { embeddedEnv, freePort } from './lib/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Cold loads of each page (the issue compares medians of 5; more steady the figures on a busy machine). */
const RUNS = Number(process.env.WIDGET_BENCH_RUNS) || 15;
const CHROMIUM = '/usr/bin/chromium';
const OWNER_ACCENT = '#2f5d50';

async function startServer(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: embeddedEnv(port, dataDir, { PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: '0', RATE_LIMIT_OFF: '1' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    if (Date.now() - t0 > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An owner and an assistant made through the API, as the cabinet makes them. */
async function seedAssistant(base: string): Promise<string> {
  const { token } = await json<{ token: string }>(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'Бенч', email: `bench-${Date.now()}@example.ru`, password: 'пароль-123' }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const { id: widgetId } = await json<{ id: string }>(`${base}/api/widget/init`, { method: 'POST', headers: auth });
  // The owner's own accent: the launcher must wear it from its first frame, never the default blue.
  await json(`${base}/api/widget`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ id: widgetId, accentColor: OWNER_ACCENT }),
  });
  const form = new FormData();
  form.set('requestJson', JSON.stringify({ title: 'Бенч', widgetId }));
  const { id } = await json<{ id: string }>(`${base}/api/assistant/create`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  return id;
}

/** Bytes on the wire for one Accept-Encoding (node's fetch would decompress them). */
function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Watches from the first line of the page, one check per animation frame: the first frame in
 * which the page's own heading has a box (what an empty page costs) and the first in which the
 * launcher has one, with its background colour then.
 */
const PROBE = `<script>
(function () {
  function check() {
    var h1 = document.querySelector('h1');
    if (window.__pageAt === undefined && h1 && h1.getBoundingClientRect().width > 0) window.__pageAt = performance.now();
    var host = document.querySelector('[data-otklik-widget]');
    var button = host && host.shadowRoot && host.shadowRoot.querySelector('.launcher');
    if (button && button.getBoundingClientRect().width > 0) {
      window.__launcherAt = performance.now();
      window.__launcherColor = getComputedStyle(button).backgroundColor;
      return;
    }
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})();
</script>`;

const page = (body: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${PROBE}</head>
<body><h1>Магазин</h1><p>Страница клиента на другом origin.</p>
${body}
</body></html>`;

/**
 * The HTML snippet as the cabinet gave it before the design was served inside the script
 * (design preloaded beside a script URL without the assistant's id): sites that installed it
 * keep it, so it is measured too.
 */
const legacySnippet = (origin: string, assistantId: string) =>
  `<link rel="preload" href="${origin}/api/public/assistants/${assistantId}/widget" as="fetch" crossorigin>
<script src="${origin}/api/widget/script" async onload="window.initChatWidget({ assistantId: '${assistantId}', bottomMargin: 40 })"></script>`;

interface Visit {
  /** Navigation start → first frame with the launcher's box (or the page's heading, for the empty page). */
  afterNavigation: number;
  /** Script's bytes arrived → launcher visible. */
  afterScript: number;
  color: string;
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log('widget bench skipped: no /usr/bin/chromium');
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-bench-widget-'));
  const { base, child } = await startServer(dataDir);
  const site = createHttpServer();
  try {
    const assistantId = await seedAssistant(base);
    const snippet = buildSnippet('html', { origin: base, assistantId });
    const scriptUrl = /src="([^"]+)"/.exec(snippet)?.[1] ?? '';
    const raw = await wireBytes(scriptUrl, 'identity');
    const gzip = await wireBytes(scriptUrl, 'gzip');
    // The conversation's code, which the script fetches after painting the launcher (named by its build).
    const script = await (await fetch(scriptUrl)).text();
    const appUrl = `${base}/api/widget/${/app\.js\?v=[\w-]+/.exec(script)?.[0] ?? 'app.js'}`;
    const appRaw = await wireBytes(appUrl, 'identity');
    const appGzip = await wireBytes(appUrl, 'gzip');

    const pages: Record<string, string> = {
      '/': page(snippet),
      '/legacy': page(legacySnippet(base, assistantId)),
      '/empty': page(''),
    };
    site.on('request', (req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[req.url ?? '/'] ?? pages['/']),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const address = site.address();
    const siteUrl = `http://localhost:${address && typeof address === 'object' ? address.port : 0}/`;

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const measure = async (p: import('playwright-core').Page, what: 'launcher' | 'page'): Promise<Visit> => {
      const key = what === 'launcher' ? '__launcherAt' : '__pageAt';
      await p.waitForFunction((k) => typeof (window as unknown as Record<string, unknown>)[k] === 'number', key, {
        timeout: 15_000,
      });
      return p.evaluate(
        ([k, src]) => {
          const w = window as unknown as Record<string, unknown>;
          const entry = performance.getEntriesByType('resource').find((e) => e.name.startsWith(src)) as
            | PerformanceResourceTiming
            | undefined;
          const at = Number(w[k]);
          return {
            afterNavigation: at,
            afterScript: at - (entry?.responseEnd ?? Number.NaN),
            color: String(w.__launcherColor ?? ''),
          };
        },
        [key, `${base}/api/widget/script`] as const,
      );
    };
    /** A cold load: a fresh browser context (no cache, no stored design, no open connection). */
    const cold = async (url: string, what: 'launcher' | 'page', reload?: Visit[]) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const p = await context.newPage();
      await p.goto(url);
      const visit = await measure(p, what);
      if (reload) {
        await p.reload();
        reload.push(await measure(p, what));
      }
      await context.close();
      return visit;
    };
    const empty: Visit[] = [];
    const first: Visit[] = [];
    const legacy: Visit[] = [];
    const returning: Visit[] = [];
    try {
      // One warm-up visit of each page so the server's first-request costs are not counted.
      await cold(siteUrl, 'launcher');
      await cold(`${siteUrl}legacy`, 'launcher');
      await cold(`${siteUrl}empty`, 'page');
      // Interleaved, so a busy moment of the machine touches every kind alike.
      for (let i = 0; i < RUNS; i++) {
        empty.push(await cold(`${siteUrl}empty`, 'page'));
        first.push(await cold(siteUrl, 'launcher', returning));
        legacy.push(await cold(`${siteUrl}legacy`, 'launcher'));
      }
    } finally {
      await browser.close();
    }
    const med = (visits: Visit[], k: 'afterNavigation' | 'afterScript') => round1(median(visits.map((v) => v[k])));
    const emptyMs = med(empty, 'afterNavigation');
    const overPaired = (visits: Visit[]) =>
      round1(median(visits.map((v, i) => v.afterNavigation - (empty[i]?.afterNavigation ?? Number.NaN))));
    const result = {
      bench: 'widget',
      scriptBytes: raw.bytes,
      scriptGzipBytes: gzip.encoding === 'gzip' ? gzip.bytes : null,
      scriptServedEncoding: gzip.encoding,
      appBytes: appRaw.bytes,
      appGzipBytes: appGzip.encoding === 'gzip' ? appGzip.bytes : null,
      // ARCHITECTURE §8 counts launcher and chat window together.
      totalGzipBytes: gzip.bytes + appGzip.bytes,
      runs: RUNS,
      emptyPageMedianMs: emptyMs,
      launcherAfterNavigationMedianMs: med(first, 'afterNavigation'),
      launcherOverEmptyPageMs: round1(med(first, 'afterNavigation') - emptyMs),
      // The same, as the median of each round's own difference: steadier on a shared machine.
      launcherOverEmptyPagePairedMs: overPaired(first),
      legacySnippetAfterNavigationMedianMs: med(legacy, 'afterNavigation'),
      legacySnippetOverEmptyPageMs: round1(med(legacy, 'afterNavigation') - emptyMs),
      legacySnippetOverEmptyPagePairedMs: overPaired(legacy),
      launcherVisibleMedianMs: med(first, 'afterScript'),
      launcherVisibleReturningMedianMs: med(returning, 'afterScript'),
      launcherVisibleP90Ms: round1(
        [...first.map((r) => r.afterScript)].sort((a, b) => a - b)[Math.floor(RUNS * 0.9)] ?? 0,
      ),
      launcherFirstFrameColors: [...new Set(first.map((v) => v.color))],
      budgetScriptGzipBytes: 20 * 1024,
      budgetLauncherMedianMs: 50,
    };
    console.log(`BENCH ${JSON.stringify(result)}`);
  } finally {
    site.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
