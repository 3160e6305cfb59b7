import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KNOWLEDGE_ASSISTANT_MAX_BYTES, SCRAPE_TEXTS } from '@otklik/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles } from '../src/infra/db/schema';
import { enqueueScrape, FAILED_TIME_LIMIT } from '../src/modules/knowledge/jobs';
import { SITE_QUOTA_EXCEEDED } from '../src/modules/knowledge/quota';
import { FetchRefused, type Resolver, safeFetch } from '../src/modules/knowledge/safe-fetch';
import { crawlSite, fetchStartPage, siteFileName } from '../src/modules/knowledge/scrape';
import { searchKnowledge } from '../src/modules/retrieval/search';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, leaveRoom } from './knowledge-helpers';

interface Item {
  id: string;
  name: string;
  status: string;
  statusReason: string | null;
  size: number;
  mimeType: string;
  source: string;
  sourceUrl: string | null;
}

const LOREM =
  'Наша пекарня печёт хлеб на закваске каждое утро с шести часов. Мы используем муку грубого помола ' +
  'от фермеров Рязанской области и не добавляем улучшителей. Батон хранится три дня, ржаной хлеб — неделю.';

const page = (title: string, body: string, links = '') => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
  <nav><a href="/">Главная</a> <a href="/about">О нас</a> <a href="/prices">Цены</a> ${links}
    <span>Меню навигации сайта пекарни</span></nav>
  <main><article><h1>${title}</h1>${body}</article></main>
  <footer>© Пекарня «Колос», все права защищены. Политика конфиденциальности.</footer>
</body></html>`;

/** The site the tests crawl: a small bakery on 127.0.0.1, plus error pages and a page with many links. */
const site: Record<string, { status?: number; type?: string; body?: string; location?: string }> = {
  '/': {
    body: page(
      'Пекарня «Колос»',
      `<p>${LOREM}</p><p>Заказы принимаем по телефону и на сайте, доставка по городу бесплатная от 1500 рублей.</p>`,
      '<a href="https://example.org/elsewhere">Партнёры</a> <a href="/menu.pdf">Меню в PDF</a> <a href="mailto:a@b.ru">Почта</a>',
    ),
  },
  '/about': {
    body: page(
      'О пекарне',
      `<p>Пекарню открыли в 2009 году два брата-пекаря. ${LOREM}</p><h2>Команда</h2><p>У нас работают двенадцать пекарей и три кондитера, которые готовят торты на заказ по выходным.</p>`,
    ),
  },
  '/prices': {
    body: page(
      'Цены',
      `<p>Цены указаны за штуку и действуют до конца месяца. ${LOREM}</p><p>Батон нарезной стоит 65 рублей, бородинский хлеб стоит 80 рублей, круассан стоит 120 рублей.</p>`,
    ),
  },
  '/menu.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  '/secret': { status: 401, body: 'нет доступа' },
  '/forbidden': { status: 403, body: 'запрещено' },
  '/broken': { status: 500, body: 'ошибка' },
  '/missing': { status: 404, body: 'нет такой страницы' },
  '/image': { type: 'image/png', body: 'png' },
  '/to-metadata': { status: 302, location: 'http://169.254.169.254/latest/meta-data/' },
  '/to-private': { status: 301, location: 'http://10.0.0.1/' },
  '/to-file': { status: 302, location: 'file:///etc/passwd' },
  '/to-about': { status: 302, location: '/about' },
  '/to-loopback': { status: 302, location: 'http://127.0.0.1/' },
  '/to-loopback6': { status: 301, location: 'http://[::1]/' },
  '/to-loopback6-port': { status: 307, location: 'http://[::1]:PORT/about' },
  '/to-intranet': { status: 302, location: 'http://intranet.example/' },
  '/many': {
    body: page(
      'Каталог',
      `<p>${LOREM}</p>${Array.from({ length: 45 }, (_, i) => `<p><a href="/item/${i}">Товар ${i}</a></p>`).join('')}`,
    ),
  },
};

let siteServer: Server;
let siteUrl: string;
const hits: string[] = [];

function startSite(): Promise<void> {
  siteServer = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push(path);
    if (path === '/slow') return; // never answers: the page timeout must end it
    const item = path.startsWith('/item/')
      ? { body: page(`Товар ${path.slice(6)}`, `<p>Описание товара номер ${path.slice(6)}. ${LOREM}</p>`) }
      : site[path];
    if (!item) {
      res.writeHead(404).end('нет');
      return;
    }
    res.writeHead(item.status ?? 200, {
      'content-type': item.type ?? 'text/html; charset=utf-8',
      ...(item.location ? { location: item.location.replace('PORT', new URL(siteUrl).port) } : {}),
    });
    res.end(item.body ?? '');
  });
  return new Promise((resolve) => {
    siteServer.listen(0, '127.0.0.1', () => {
      siteUrl = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

let server: TestServer;
let guarded: TestServer;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;

beforeAll(async () => {
  await startSite();
  // The test-only setting lets the scraper reach the site on 127.0.0.1; the second server is the default.
  server = await startTestServer({ SCRAPE_ALLOW_LOOPBACK: '1' });
  guarded = await startTestServer();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId);
});
afterAll(async () => {
  await server?.close();
  await guarded?.close();
  await new Promise((resolve) => siteServer?.close(resolve));
});

const scrape = (app: TestServer['app'], url: string, token = owner.token, id = assistantId) =>
  app.inject({
    method: 'POST',
    url: `/api/assistant/${id}/site-scrape?url=${encodeURIComponent(url)}`,
    headers: bearer(token),
  });

const list = async (id = assistantId, token = owner.token) =>
  json<Item[]>(
    await server.app.inject({
      method: 'GET',
      url: `/api/assistant/${id}/knowledge`,
      headers: bearer(token),
    }),
  );

/** An owner of their own, for tests that scrape a lot: scrapes are rate-limited per owner. */
async function freshOwner(app = server.app): Promise<{ token: string; id: string }> {
  const someone = await createOwner(app);
  return { token: someone.token, id: await createAssistant(app, someone.userId) };
}

describe('site scrape', () => {
  it('stores the site as one file named after it, with the main text of the linked same-site pages', async () => {
    hits.length = 0;
    const res = await scrape(server.app, siteUrl);
    expect(res.statusCode, res.body).toBe(200);
    const { file } = json<{ file: Item }>(res);
    expect(file).toMatchObject({ name: '127.0.0.1', status: 'processing', mimeType: 'text/plain', source: 'site' });
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['id', 'name', 'uploadedAt', 'mimeType']));
    await server.app.ctx.queue.drain();
    const item = (await list()).find((f) => f.id === file.id);
    expect(item?.status, item?.statusReason ?? '').toBe('ready');
    expect(item?.size).toBeGreaterThan(300);

    const dl = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/knowledge/file/${file.id}/download`,
      headers: bearer(owner.token),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('filename="127.0.0.1.txt"');
    const text = dl.body;
    expect(text).toContain('муку грубого помола');
    expect(text).toContain('двенадцать пекарей'); // /about
    expect(text).toContain('круассан стоит 120 рублей'); // /prices
    // Readability keeps the article and drops the navigation and the footer.
    expect(text).not.toContain('Меню навигации');
    expect(text).not.toContain('все права защищены');
    // Same site only, pages only.
    expect(hits).not.toContain('/menu.pdf');
    expect(hits).toEqual(expect.arrayContaining(['/', '/about', '/prices']));

    const found = await searchKnowledge(server.app.ctx, assistantId, 'сколько стоит круассан');
    expect(found[0]?.content).toContain('круассан стоит 120 рублей');
  });

  it('follows at most 30 pages of the site', async () => {
    hits.length = 0;
    const res = await scrape(server.app, `${siteUrl}/many`);
    expect(res.statusCode, res.body).toBe(200);
    await server.app.ctx.queue.drain();
    // The start page is fetched once by the request and once by the crawl job.
    const crawled = hits.filter((h) => h !== '/many');
    expect(crawled.length).toBe(29);
    expect(new Set(crawled).size).toBe(29);
  });

  it('adds https:// to a bare address, as the modal does (spec §5)', async () => {
    // Nothing listens on 443 of 127.0.0.1 here: the request fails on the connection, not on the address.
    const res = await scrape(server.app, '127.0.0.1:1/');
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(SCRAPE_TEXTS.other(502));
  });

  it('answers with the spec texts for the site’s own errors, and never with 401', async () => {
    const cases: [string, number, string][] = [
      ['/secret', 403, SCRAPE_TEXTS.unauthorized],
      ['/forbidden', 403, SCRAPE_TEXTS.unauthorized],
      ['/broken', 500, SCRAPE_TEXTS.serverError],
      ['/missing', 404, SCRAPE_TEXTS.other(404)],
      ['/image', 400, SCRAPE_TEXTS.badRequest],
    ];
    const mine = await freshOwner();
    const before = await list(mine.id, mine.token);
    for (const [path, status, message] of cases) {
      const res = await scrape(server.app, `${siteUrl}${path}`, mine.token, mine.id);
      expect([path, res.statusCode]).toEqual([path, status]);
      expect(json(res).message).toBe(message);
    }
    expect(await list(mine.id, mine.token)).toEqual(before);
  });

  it('refuses an empty address and schemes other than http and https', async () => {
    const mine = await freshOwner();
    for (const url of ['', '   ']) {
      const res = await scrape(server.app, url, mine.token, mine.id);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(SCRAPE_TEXTS.urlRequired);
    }
    const missing = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${mine.id}/site-scrape`,
      headers: bearer(mine.token),
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(SCRAPE_TEXTS.urlRequired);
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'javascript:alert(1)', 'http://user:pw@127.0.0.1/']) {
      const res = await scrape(server.app, url, mine.token, mine.id);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(json(res).message).toBe(SCRAPE_TEXTS.badRequest);
    }
  });

  it('gives the crawl a time limit per page', async () => {
    await expect(fetchStartPage(`${siteUrl}/slow`, { allowLoopback: true, pageTimeoutMs: 300 })).rejects.toEqual(
      new FetchRefused('timeout'),
    );
    // A slow linked page is skipped; the rest of the site is still imported.
    site['/with-slow'] = { body: page('Страница', `<p>${LOREM}</p><a href="/slow">Медленная</a>`) };
    const started = Date.now();
    const text = await crawlSite(`${siteUrl}/with-slow`, { allowLoopback: true, pageTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(text).toContain('муку грубого помола');
  });
});

describe('site scrape: SSRF guard', () => {
  it('refuses loopback in every spelling, private and link-local addresses with 400', async () => {
    const port = new URL(siteUrl).port;
    const forms = [
      siteUrl,
      `http://localhost:${port}/`,
      `http://2130706433:${port}/`, // decimal
      `http://0x7f000001:${port}/`, // hex
      `http://0177.0.0.1:${port}/`, // octal
      `http://127.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
    ];
    hits.length = 0;
    for (const url of forms) {
      const res = await scrape(guarded.app, url, await guardedToken(), await guardedAssistant());
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(json(res).message).toBe(SCRAPE_TEXTS.badRequest);
    }
    expect(hits).toEqual([]);
  });

  it('checks every redirect: a redirect to an internal address or another scheme is refused', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-file']) {
      const res = await scrape(server.app, `${siteUrl}${path}`);
      expect([path, res.statusCode]).toEqual([path, 400]);
      expect(json(res).message).toBe(SCRAPE_TEXTS.badRequest);
    }
    // A redirect within the site is followed.
    const ok = await scrape(server.app, `${siteUrl}/to-about`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ file: Item }>(ok).file.sourceUrl).toBe(`${siteUrl}/about`);
    await server.app.ctx.queue.drain();
  });
});

describe('site scrape: SSRF guard on redirects and host names', () => {
  const fetchOpts = { timeoutMs: 3000, maxBytes: 1024 * 1024 };
  /** The test's site stands in for a public one; loopback as such stays refused, as in production. */
  const standIn = () => ({ address: '127.0.0.1', port: Number(new URL(siteUrl).port) });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'fetched',
      (err: unknown) => (err instanceof FetchRefused ? err.reason : String(err)),
    );

  it('refuses a redirect from an allowed site to loopback when loopback is not allowed', async () => {
    // The stand-in itself is fetched and its redirects within the site followed.
    const ok = await safeFetch(`${siteUrl}/to-about`, { ...fetchOpts, standInPublic: standIn() });
    expect(ok).toMatchObject({ status: 200, url: `${siteUrl}/about` });
    for (const path of ['/to-loopback', '/to-loopback6', '/to-loopback6-port']) {
      hits.length = 0;
      const reason = await refusal(safeFetch(`${siteUrl}${path}`, { ...fetchOpts, standInPublic: standIn() }));
      // 'address', not 'network': the target was judged before any connection was tried.
      expect([path, reason]).toEqual([path, 'address']);
      expect(hits).toEqual([path]);
    }
  });

  it('refuses a host name that resolves to a private, loopback or link-local address', async () => {
    const answers: Record<string, { address: string; family: number }[]> = {
      'intranet.example': [{ address: '10.1.2.3', family: 4 }],
      'router.example': [{ address: '192.168.0.1', family: 4 }],
      'metadata.example': [{ address: '169.254.169.254', family: 4 }],
      'self.example': [{ address: '::1', family: 6 }],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'ula.example': [{ address: 'fd12::1', family: 6 }],
      // One bad address among good ones is enough: the connection could be made to any of them.
      'mixed.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      'nothing.example': [],
    };
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return answers[host] ?? [];
    };
    for (const host of Object.keys(answers)) {
      const reason = await refusal(safeFetch(`http://${host}/`, { ...fetchOpts, resolve }));
      expect([host, reason]).toEqual([host, 'address']);
    }
    expect(asked).toEqual(Object.keys(answers));
    // Loopback allowed (tests) still refuses the private ranges.
    expect(await refusal(safeFetch('http://intranet.example/', { ...fetchOpts, resolve, allowLoopback: true }))).toBe(
      'address',
    );
    // A name resolving to the allowed site is fetched, so the refusals above are the guard's.
    const port = new URL(siteUrl).port;
    const shop: Resolver = async (host) => (host === 'shop.example' ? [{ address: '127.0.0.1', family: 4 }] : []);
    const page = await safeFetch(`http://shop.example:${port}/about`, {
      ...fetchOpts,
      resolve: shop,
      standInPublic: standIn(),
    });
    expect(page.status).toBe(200);
    // …and a redirect from it to a name resolving to a private address is refused.
    const both: Resolver = async (host) => (await shop(host)).concat(await resolve(host));
    expect(
      await refusal(
        safeFetch(`http://shop.example:${port}/to-intranet`, { ...fetchOpts, resolve: both, standInPublic: standIn() }),
      ),
    ).toBe('address');
  });
});

describe('site scrape: the file', () => {
  it('is named after the Unicode form of a Cyrillic domain, not its punycode', () => {
    expect(siteFileName('https://xn--80ajpngj0i.xn--p1ai/')).toBe('пекарня.рф');
    expect(siteFileName(new URL('https://www.пекарня.рф/о-нас').toString())).toBe('пекарня.рф');
    expect(siteFileName('http://Example.COM:8080/a')).toBe('example.com');
    expect(siteFileName('http://127.0.0.1:3000/')).toBe('127.0.0.1');
  });

  it('is marked failed when the crawled text would take the assistant past 200 MB', async () => {
    const mine = await freshOwner();
    // Room for the start page (checked in the request), not for the text of the 29 pages behind it.
    await leaveRoom(server.app, mine.id, 8000);
    const res = await scrape(server.app, `${siteUrl}/many`, mine.token, mine.id);
    expect(res.statusCode, res.body).toBe(200);
    const { file } = json<{ file: Item }>(res);
    await server.app.ctx.queue.drain();
    const item = (await list(mine.id, mine.token)).find((f) => f.id === file.id);
    expect(item).toMatchObject({ status: 'failed', statusReason: SITE_QUOTA_EXCEEDED, size: 0 });
    const used = (await list(mine.id, mine.token)).reduce((sum, f) => sum + f.size, 0);
    expect(used).toBeLessThanOrEqual(KNOWLEDGE_ASSISTANT_MAX_BYTES);
  });

  it('is marked failed with a Russian reason when the crawl runs past its time limit', async () => {
    const mine = await freshOwner();
    const [row] = await server.app.ctx.db
      .insert(knowledgeFiles)
      .values({
        assistantId: mine.id,
        name: '127.0.0.1',
        mimeType: 'text/plain',
        size: 0,
        storageKey: `owners/x/knowledge/${mine.id}/slow`,
        source: 'site',
        sourceUrl: `${siteUrl}/slow`,
      })
      .returning();
    const started = Date.now();
    // The page itself would be waited for a minute; the job's limit ends it first.
    await enqueueScrape(server.app.ctx, {
      fileId: row?.id ?? '',
      url: `${siteUrl}/slow`,
      limits: { pageTimeoutMs: 60_000 },
      timeLimitMs: 500,
    });
    await server.app.ctx.queue.drain();
    expect(Date.now() - started).toBeLessThan(10_000);
    const item = (await list(mine.id, mine.token)).find((f) => f.id === row?.id);
    expect(item).toMatchObject({ status: 'failed', statusReason: FAILED_TIME_LIMIT });
  });
});

describe('site scrape: rate limit', () => {
  it('answers 429 in Russian past 20 scrapes in 10 minutes by one owner; another owner is not affected', async () => {
    const mine = await freshOwner(guarded.app);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await scrape(guarded.app, 'http://10.0.0.1/', mine.token, mine.id)).statusCode);
    expect(codes).toEqual(Array(20).fill(400));
    const limited = await scrape(guarded.app, 'http://10.0.0.1/', mine.token, mine.id);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Слишком много запросов/);
    const someone = await freshOwner(guarded.app);
    expect((await scrape(guarded.app, 'http://10.0.0.1/', someone.token, someone.id)).statusCode).toBe(400);
  });
});

describe('site scrape: another owner', () => {
  it('gets 404 and nothing is fetched', async () => {
    hits.length = 0;
    const res = await scrape(server.app, siteUrl, other.token);
    expect(res.statusCode).toBe(404);
    expect(hits).toEqual([]);
    const unknown = await scrape(server.app, siteUrl, owner.token, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    const noAuth = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/site-scrape?url=${encodeURIComponent(siteUrl)}`,
    });
    expect(noAuth.statusCode).toBe(401);
  });
});

let guardedOwner: TestOwner | undefined;
let guardedAssistantId: string | undefined;
async function guardedToken() {
  guardedOwner ??= await createOwner(guarded.app);
  return guardedOwner.token;
}
async function guardedAssistant() {
  if (!guardedAssistantId) {
    await guardedToken();
    guardedAssistantId = await createAssistant(guarded.app, (guardedOwner as TestOwner).userId);
  }
  return guardedAssistantId;
}
