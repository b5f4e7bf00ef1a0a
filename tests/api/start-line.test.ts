// `npm start` names the address a user opens: the host lives under /kpSystem/, so the bare listening address
// Fastify logs is not enough. The line is read from a real Fastify log.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { kpAddress } from '../../scripts/start.mjs';

describe('start line', () => {
  it('turns the server\'s "listening" log line into the /kpSystem/ address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    await app.close();
    const urls = lines.map((l) => (kpAddress as (l: string) => string | undefined)(l)).filter(Boolean);
    expect(urls[0]).toBe(`http://127.0.0.1:${port}/kpSystem/`);
    expect(kpAddress('{"msg":"incoming request"}')).toBeUndefined();
  });
});
