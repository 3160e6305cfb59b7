/**
 * The landing page as a first-time visitor gets it from `npm start`'s server (the bundle in
 * apps/server/dist, embedded mode, the demo site assistant seeded): the JavaScript it loads,
 * gzipped as sent over the network (budget 150 KB, issue 6), and its largest contentful paint
 * in headless Chromium on localhost (median of several cold loads).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { embeddedEnv, freePort } from './lib/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const LCP_RUNS = 7;
const BUDGET_KB = 150;

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: embeddedEnv(port, dataDir, { PUBLIC_URL: url }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    // Ready once it serves and the demo site assistant is seeded (its widget is part of the page).
    const config = await fetch(`${url}/api/public/site-config`).then(
      (r) => (r.ok ? (r.json() as Promise<{ assistantId: string | null }>) : null),
      () => null,
    );
    if (config?.assistantId) break;
    if (performance.now() - t0 > 90_000) throw new Error('server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

interface JsFile {
  path: string;
  gzipBytes: number;
  encoding: string;
}

/** Every script the landing loads on a cold visit, until the network is quiet and the site widget is up. */
async function landingScripts(browser: Browser, url: string): Promise<JsFile[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  const pending: Promise<JsFile | null>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      res
        .request()
        .sizes()
        .then((sizes) => ({
          path: new URL(res.url()).pathname,
          // The body as it came over the wire: the precompressed .gz the server sends.
          gzipBytes: sizes.responseBodySize,
          encoding: res.headers()['content-encoding'] ?? 'none',
        }))
        .catch(() => null),
    );
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  // The product's own widget loads when the page is idle (spec §1): wait for its launcher.
  await page.waitForSelector('[data-otklik-widget]', { state: 'attached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== null);
  await context.close();
  return files;
}

/** Largest contentful paint of one cold load, in ms, and what it was. */
async function lcpOnce(browser: Browser, url: string): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp?: { ms: number; element: string } };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        const el = entry.element;
        w.__lcp = {
          ms: entry.startTime,
          element: el
            ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`
            : '?',
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp?: { ms: number; element: string } }).__lcp);
  await context.close();
  if (!lcp) throw new Error('no largest-contentful-paint entry');
  return lcp;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

if (!existsSync(CHROMIUM)) {
  console.log(`BENCH ${JSON.stringify({ bench: 'site', skipped: `no ${CHROMIUM}` })}`);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-bench-site-'));
const { url, child } = await startServer(dataDir);
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
try {
  const files = await landingScripts(browser, url);
  // The widget: its embed script and the conversation's code that script fetches.
  const isWidget = (f: JsFile) => f.path === '/api/widget/script' || f.path === '/api/widget/app.js';
  const widget = files.filter(isWidget);
  const app = files.filter((f) => !isWidget(f));
  const sum = (fs: JsFile[]) => fs.reduce((s, f) => s + f.gzipBytes, 0);
  // Public pages are split from the cabinet: none of its code may load here.
  const cabinet = app.filter((f) => /dashboard|query-layout|profile|assistants|chats|statistic/.test(f.path));

  await lcpOnce(browser, url); // warms the server's caches, not the browser's
  const runs: { ms: number; element: string }[] = [];
  for (let i = 0; i < LCP_RUNS; i++) runs.push(await lcpOnce(browser, url));
  const lcps = runs.map((r) => r.ms);

  const result = {
    bench: 'site',
    landingJsGzipKb: kb(sum(files)),
    appJsGzipKb: kb(sum(app)),
    widgetScriptGzipKb: kb(sum(widget)),
    jsFiles: files.map((f) => `${f.path} ${kb(f.gzipBytes)}`),
    uncompressedFiles: files.filter((f) => f.encoding === 'none').map((f) => f.path),
    cabinetChunksLoaded: cabinet.map((f) => f.path),
    budgetKb: BUDGET_KB,
    withinBudget: sum(files) <= BUDGET_KB * 1024,
    lcpMedianMs: Math.round(median(lcps)),
    lcpMinMs: Math.round(Math.min(...lcps)),
    lcpMaxMs: Math.round(Math.max(...lcps)),
    lcpRuns: LCP_RUNS,
    lcpElement: runs[runs.length - 1]?.element,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
