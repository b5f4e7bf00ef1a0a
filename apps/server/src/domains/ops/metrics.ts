// Prometheus metrics of one server instance (issue 21): request latency by route, open websockets,
// workflow deadlines waiting (and overdue), and Node's process metrics. One registry per app, so several
// apps in one process (tests) never share or clash.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kp_' });
  const latency = new Histogram({
    name: 'kp_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // one labelled child per series, found by a plain key (labels() hashes its label object every call)
  const series = new Map<string, ReturnType<typeof latency.labels>>();
  app.addHook('onResponse', (req, reply, done) => {
    // The route template, never the raw URL: ids and query strings would make a series per request.
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = latency.labels({ method: req.method, route, status: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  new Gauge({
    name: 'kp_websocket_connections',
    help: 'Open websocket connections on this instance',
    registers: [registry],
    collect() {
      const wss: FastifyInstance['websocketServer'] | undefined = app.websocketServer;
      this.set(wss?.clients?.size ?? 0);
    },
  });
  new Gauge({
    name: 'kp_workflow_deadlines',
    help: 'Workflow deadlines (time limits, reminders, timers) waiting; state=overdue are past due',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const r = await sql<{ pending: string | number; overdue: string | number }>`
        select count(*) as pending, count(*) filter (where due_at <= now()) as overdue from wf_deadline`.execute(
        app.kp.db,
      );
      const row = r.rows[0];
      this.set({ state: 'pending' }, Number(row?.pending ?? 0));
      this.set({ state: 'overdue' }, Number(row?.overdue ?? 0));
    },
  });
  return registry;
}
