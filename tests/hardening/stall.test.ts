// Issue 17, resource bounds: no request can stall the server. A real server process (PGlite in a temp folder,
// or PostgreSQL when TEST_DATABASE_URL is set) gets the three hostile requests of hostile.ts at once, twice
// over, while GET /api/oauth/CurrentUser is called one request after another: every one of those answers
// within 1 s (generous: it takes a few ms alone), and every hostile request gets a 400 naming its limit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '@kp/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../api/server-process';
import { currentUserMs, type Hostile, login, percentile, prepareHostile, sampleWhile } from './hostile';

const PG = process.env.TEST_DATABASE_URL;

describe(`a hostile request cannot stall the server (${PG ? 'postgres' : 'pglite'})`, () => {
  let server: ServerProcess;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let token: string;
  let hostile: Hostile;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kp-stall-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (PG) {
      const created = await createPostgresDatabase(PG);
      drop = created.drop;
      env.DATABASE_URL = created.url;
    }
    server = await startServerProcess(env);
    token = await login(server.url);
    hostile = await prepareHostile(server.url, token);
  }, 300_000);

  afterAll(async () => {
    // A stalled server may not answer SIGTERM: SIGKILL it (it is this test's own child).
    const killer = setTimeout(() => server?.proc.kill('SIGKILL'), 10_000);
    await server?.stop();
    clearTimeout(killer);
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('CurrentUser answers within 1 s while regex, xlsx-bomb and JSONata requests run', async () => {
    const alone: number[] = [];
    for (let i = 0; i < 10; i++) alone.push(await currentUserMs(server.url, token));
    expect(Math.max(...alone)).toBeLessThan(1000);

    const answers = Promise.all([
      hostile.regex(),
      hostile.xlsx(),
      hostile.jsonata(),
      hostile.regex(),
      hostile.xlsx(),
      hostile.jsonata(),
    ]);
    const during = await sampleWhile(
      server.url,
      token,
      answers.catch(() => undefined),
      10,
    );
    const [regex, xlsx, jsonata] = await answers;
    expect(percentile(during, 100), `CurrentUser ms under attack: ${during.map(Math.round)}`).toBeLessThan(
      1000,
    );
    expect(regex).toMatchObject({ code: 400 });
    expect(regex.msg).toContain('编码只能是字母a');
    expect(xlsx).toEqual({ code: 400, msg: 'fileId: 文件解压后超过64MB，请拆分后再导入', data: null });
    expect(jsonata).toEqual({ code: 400, msg: 'transform: 转换表达式执行超过2秒，已停止', data: null });
  }, 120_000);
});
