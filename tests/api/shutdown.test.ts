// Graceful shutdown of a real server process (issue 21): SIGTERM with a signed-in websocket open tells
// the socket (closeSocket), closes it (1001 going away) and exits 0 promptly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { login, socket } from '../support/client';
import { startServerProcess } from './server-process';

it('SIGTERM with an open websocket: the socket is told and closed, the process exits 0 promptly', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-shutdown-'));
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const token = await login(server.url, 'zhangwei', 'kp123456');
    const s = socket(server.url, token);
    await s.waitFor('initMessage');
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      s.ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
    );
    const t0 = Date.now();
    const exitCode = await server.stop('SIGTERM');
    const took = Date.now() - t0;
    expect(exitCode).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(s.got.some((m) => m.method === 'closeSocket')).toBe(true);
    expect(await closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(server.output()).toContain('shutting down');
  } finally {
    await server.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}, 240_000);
