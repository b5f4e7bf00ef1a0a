// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sessionStore } from '../store/session';
import { closeSocket, connectSocket, SESSION_FAILED } from './socket';

// A real websocket server on 127.0.0.1: the client must come back by itself after the server drops it.
describe('socket reconnect', () => {
  let wss: WebSocketServer;
  const hellos: string[] = [];
  beforeAll(async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/websocket' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    wss.on('connection', (s) => s.on('message', (d) => hellos.push(String(d))));
    // Node 20 has no global WebSocket: the ws client (a real one) stands in for the browser's.
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('location', {
      protocol: 'http:',
      host: `127.0.0.1:${(wss.address() as AddressInfo).port}`,
    });
    sessionStore.set((s) => ({ ...s, token: 'bearer-test-token' }));
  });
  afterAll(async () => {
    closeSocket();
    vi.unstubAllGlobals();
    await new Promise<void>((r) => wss.close(() => r()));
  });

  it('sends OnConnection, reconnects after the server closes it, and stops once closed on purpose', async () => {
    connectSocket();
    await vi.waitFor(() => expect(hellos).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(hellos[0])).toMatchObject({ method: 'OnConnection', token: 'bearer-test-token' });
    for (const c of wss.clients) c.terminate();
    await vi.waitFor(() => expect(hellos).toHaveLength(2), { timeout: 8000 });
    closeSocket();
    await new Promise((r) => setTimeout(r, 2500));
    expect(hellos).toHaveLength(2);
  }, 20_000);
});

// Spec 1 §8: a session that cannot be registered over the socket is only logged, as 登录Session失败.
describe('socket session failure', () => {
  it('logs 登录Session失败 when the socket cannot connect, and shows nothing', async () => {
    const dead = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => dead.once('listening', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${port}` });
    sessionStore.set((s) => ({ ...s, token: 'bearer-test-token' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      connectSocket();
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(SESSION_FAILED), { timeout: 5000 });
      expect(SESSION_FAILED).toBe('登录Session失败');
    } finally {
      closeSocket();
      warn.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
