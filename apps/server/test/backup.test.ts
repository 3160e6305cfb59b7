import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { api, type ServerProcess, spawnServer } from './helpers/process';
import { onPostgres } from './helpers/server';

// #18: `npm run backup` / `npm run restore` of the embedded mode: a backup restored into a new
// data directory serves every conversation, message and file again.

/** The npm script as a user runs it: `npm run backup -- …` is `node scripts/backup.mjs …`. */
const script = (name: 'backup' | 'restore', args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const run = spawnSync(process.execPath, [`scripts/${name}.mjs`, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
};

interface Conversation {
  visitorId: string;
  messages: string[];
}

describe.skipIf(onPostgres)('backup and restore of the embedded mode', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'otklik-backup-test-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('restores into a new data directory every conversation, message and file of a copy taken while the server ran', async () => {
    const original = await spawnServer({ DATA_DIR: path.join(tmp, 'original') });
    servers.push(original);
    await original.waitForHealth();
    const base = original.url;
    const email = 'backup@example.ru';
    const password = 'пароль-123';
    const { token } = await api<{ token: string }>(base, '/api/signup', {
      method: 'POST',
      body: JSON.stringify({ username: 'Анна', email, password }),
    });
    const { id: widgetId } = await api<{ id: string }>(base, '/api/widget/init', { method: 'POST', token });
    await api(base, '/api/widget', {
      method: 'POST',
      token,
      body: JSON.stringify({ id: widgetId, allowFileAttachment: true }),
    });
    const form = new FormData();
    form.set('requestJson', JSON.stringify({ title: 'Цветы', role: 'Консультант', widgetId }));
    const { id: assistantId } = await api<{ id: string }>(base, '/api/assistant/create', {
      method: 'POST',
      token,
      body: form,
    });
    const knowledge = new FormData();
    knowledge.set(
      'file',
      new Blob(['Доставка букетов по Москве стоит 350 рублей.'], { type: 'text/plain' }),
      'доставка.txt',
    );
    await api(base, `/api/assistant/${assistantId}/file`, { method: 'POST', token, body: knowledge });

    const questions = ['Сколько стоит доставка по Москве?', 'Позовите оператора', 'Вы работаете в воскресенье?'];
    let attachment = '';
    for (const question of questions) {
      const v = await api<{ visitorId: string; visitorToken: string }>(
        base,
        `/api/public/assistants/${assistantId}/visitors`,
        {
          method: 'POST',
        },
      );
      const res = await fetch(`${base}/api/public/assistants/${assistantId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${v.visitorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: question }),
      });
      await res.text();
      if (!attachment) {
        const upload = new FormData();
        upload.set('file', new Blob([Buffer.from('%PDF-1.4\nсчёт\n%%EOF')], { type: 'application/pdf' }), 'счёт.pdf');
        const sent = await fetch(`${base}/api/public/assistants/${assistantId}/attachments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${v.visitorToken}` },
          body: upload,
        });
        expect(sent.status).toBe(201);
        attachment =
          /\((http[^)]+)\)/.exec(((await sent.json()) as { message: { content: string } }).message.content)?.[1] ?? '';
      }
    }
    const conversations = async (url: string, t: string): Promise<Conversation[]> => {
      const list = await api<{ id: string }[]>(url, `/api/assistant/${assistantId}/chats`, { token: t });
      return Promise.all(
        list.map(async (v) => ({
          visitorId: v.id,
          messages: (
            await api<{ content: string }[]>(
              url,
              `/api/assistant/messages?assistantId=${assistantId}&visitorId=${v.id}`,
              {
                token: t,
              },
            )
          ).map((m) => m.content),
        })),
      );
    };
    const before = await conversations(base, token);
    expect(before).toHaveLength(3);
    expect(before.every((c) => c.messages.length >= 2)).toBe(true);

    // While the server runs, its database is its own: the server writes the copy on request.
    const out = path.join(tmp, 'backup.tar.gz');
    const expected = `(бесед: 3, сообщений: ${before.flatMap((c) => c.messages).length}, файлов знаний: 1)`;
    const online = script('backup', ['--data-dir', original.dataDir, '--out', out]);
    expect(online.code, online.err).toBe(0);
    expect(online.out).toBe(`Резервная копия: ${out} ${expected}`);
    // The server goes on serving, and the exchange left nothing behind in its folder.
    expect((await conversations(base, token)).length).toBe(3);
    expect(readdirSync(path.join(original.dataDir, '.backup'))).toEqual([]);
    // Nor may a second server open the folder.
    const second = await spawnServer({ DATA_DIR: original.dataDir });
    const secondExit = await second.exited;
    expect(secondExit.code).toBe(1);
    expect(second.stderr().trim()).toMatch(
      new RegExp(`^DATA_DIR=${original.dataDir} уже занята другим процессом сервера \\(pid \\d+\\): остановите его$`),
    );

    await original.stop();
    expect((await original.exited).code).toBe(0);
    // A stopped server's folder is read directly.
    const offlineOut = path.join(tmp, 'offline.tar.gz');
    const offline = script('backup', ['--data-dir', original.dataDir, '--out', offlineOut]);
    expect(offline.code, offline.err).toBe(0);
    expect(offline.out).toBe(`Резервная копия: ${offlineOut} ${expected}`);

    const restoredDir = path.join(tmp, 'restored');
    const restored = script('restore', [out, '--data-dir', restoredDir]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/^Восстановлено в .*: бесед 3, сообщений \d+, файлов знаний 1/);
    // A second restore over it is refused: a restore never mixes two data directories.
    expect(script('restore', [out, '--data-dir', restoredDir]).code).toBe(1);

    const again = await spawnServer({ DATA_DIR: restoredDir });
    servers.push(again);
    await again.waitForHealth();
    const login = await api<{ token: string }>(again.url, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    const after = await conversations(again.url, login.token);
    const byVisitor = (cs: Conversation[]) => [...cs].sort((a, b) => a.visitorId.localeCompare(b.visitorId));
    expect(byVisitor(after)).toEqual(byVisitor(before));
    // The visitor's file came back with the database that names it.
    const file = await fetch(`${again.url}${new URL(attachment).pathname}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4\nсчёт\n%%EOF');
    const files = await api<{ name: string; status: string }[]>(again.url, `/api/assistant/${assistantId}/knowledge`, {
      token: login.token,
    });
    expect(files.map((f) => [f.name, f.status])).toEqual([['доставка.txt', 'ready']]);
    // Three servers started from the sources (each compiles them) and two scripts: 25–28 s on a
    // slow machine alone, past the default 30 s when other work shares its two cores.
  }, 120_000);
});
