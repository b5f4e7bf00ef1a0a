// Prometheus metrics of one server instance (issue 21): request latency by route, open websockets,
// workflow deadlines waiting (and overdue), and Node's process metrics. One registry per app, so several
// apps in one process (tests) never share or clash.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';

/** One series of the latency histogram: its labels, per-bucket (not cumulative) counts, sum and count. */
interface Series {
  labels: Record<string, string>;
  counts: number[];
  sum: number;
  count: number;
}

/**
 * kp_http_request_duration_seconds, kept by hand: an answer adds to its series' bucket count, sum and count
 * (prom-client's observe checks and hashes the labels again on every call: microseconds per request). The
 * registry scrapes it in prom-client's own histogram form (cumulative le buckets, +Inf, _sum, _count).
 */
class LatencyHistogram {
  readonly name = 'kp_http_request_duration_seconds';
  readonly help = 'HTTP request latency by method, route and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status: String(status) },
        counts: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, s);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    if (i < this.bounds.length) s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }

  /** The registry's text form: the series' labels as shared labels, le apart (as prom-client's Histogram). */
  async getForPromString() {
    const values: Array<{ labels: object; sharedLabels: object; value: number; metricName: string }> = [];
    for (const s of this.series.values()) {
      const at = (labels: object, value: number, suffix: string) =>
        values.push({ labels, sharedLabels: s.labels, value, metricName: `${this.name}_${suffix}` });
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i]!;
        at({ le }, cumulative, 'bucket');
      });
      at({ le: '+Inf' }, s.count, 'bucket');
      at({}, s.sum, 'sum');
      at({}, s.count, 'count');
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The registry's JSON form: shared labels folded into each value's labels. */
  async get() {
    const data = await this.getForPromString();
    const values = data.values.map(({ labels, sharedLabels, ...v }) => ({
      ...v,
      labels: { ...labels, ...sharedLabels },
    }));
    return { ...data, values };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request's first hook ran (registerRequestClock). */
    startedAt: number;
  }
}

/**
 * Stamps each request's start for the latency histogram. Registered before every other onRequest hook
 * (app.ts, ahead of the guard), so a request's time includes its authentication.
 */
export function registerRequestClock(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', (req, _reply, done) => {
    req.startedAt = performance.now();
    done();
  });
}

export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kp_' });
  const latency = new LatencyHistogram([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  // a histogram in prom-client's shape (what the registry reads of a metric: name, type, get, getForPromString)
  registry.registerMetric(latency as unknown as Metric);
  // Observed as the answer is sent (its status and headers are final then), from the clock the first
  // onRequest hook set (registerRequestClock): an onResponse hook would add a whole hook phase, and
  // Fastify's finish listeners, to every request for a few microseconds of socket write.
  app.addHook('onSend', (req, reply, payload, done) => {
    // The route template, never the raw URL: ids and query strings would make a series per request.
    latency.observe(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      (performance.now() - req.startedAt) / 1000,
    );
    done(null, payload);
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
    name: 'kp_list_cache_reads',
    help:
      "Workflow list reads since start, by result: hit (served from this instance's list cache), cold (first " +
      'read of a list page here), dropped (reloaded after a write changed it), expired (past the age limit), ' +
      'other (while a write held it)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const lists = app.kp.dbHandle.lists;
      const { cold, dropped, expired } = lists.missCounts;
      this.set({ result: 'hit' }, lists.hits);
      this.set({ result: 'cold' }, cold);
      this.set({ result: 'dropped' }, dropped);
      this.set({ result: 'expired' }, expired);
      this.set({ result: 'other' }, lists.misses - cold - dropped - expired);
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
