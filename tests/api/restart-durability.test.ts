import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@kp/server';
import { createTestApp } from '@kp/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('PGlite data survives restarts and kills', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kp-restart-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('start, write, close, start again, read', async () => {
    const target = { kind: 'pglite' as const, dataDir: path.join(dir, 'a', 'pglite') };
    const first = await createTestApp({ target, dataDir: path.join(dir, 'a') });
    const token = await first.login('zhangwei');
    await first.ctx.settings.set({ sysName: '建管佳-重启测试' });
    const users = await first.db.kysely
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await first.close();

    const second = await createTestApp({ target, dataDir: path.join(dir, 'a') });
    try {
      // same token still works: the session row was kept
      const cu = await second.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' });
      expect(cu.code).toBe(200);
      expect(cu.data.sysConfigInfo.sysName).toBe('建管佳-重启测试');
      const again = await second.db.kysely
        .selectFrom('base_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(again.n)).toBe(Number(users.n)); // seeded once only
    } finally {
      await second.close();
    }
  }, 300_000);

  it('acknowledged writes survive SIGKILL of the server process', async () => {
    const dataDir = path.join(dir, 'b');
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const tokens: string[] = [];
    for (const account of ['zhangwei', 'chenjing', 'wangjianguo']) {
      const res = await fetch(`${server.url}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account, password: md5('kp123456') }).toString(),
      });
      const body = await res.json();
      expect(body.code).toBe(200);
      tokens.push(body.data.token);
    }
    await server.stop('SIGKILL');
    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const n = await db.kysely
        .selectFrom('user_session')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(3);
    } finally {
      await db.close();
    }
  }, 300_000);
});
