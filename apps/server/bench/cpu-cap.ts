// CPU caps for the scaling bench (not a bench itself): a Linux cgroup per server process, capped at a
// fraction of one CPU, with the CPU time its processes used. cgroup v1 (`cpu.cfs_quota_us` /
// `cpu.cfs_period_us`, usage from `cpuacct.usage`, mounted with `cpu` or on its own) where the machine
// mounts it, else cgroup v2 (`cpu.max`, usage from `cpu.stat`). Needs root; `openCpuCaps` answers why not
// when the machine refuses, and the bench then only reports.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
const PREFIX = 'kp-bench-';

export interface CpuCap {
  name: string;
  /** CPU time the group's processes used since it was made, in ms. */
  usageMs(): number;
  /** Scheduler periods in which the group ran out of its quota, and how many periods it ran in. */
  throttled(): { periods: number; throttled: number };
  /**
   * Moves `pid` (every thread: the whole process) and, unless `alone`, its descendants into the group, then
   * checks each thread.
   */
  add(pid: number, alone?: boolean): void;
  /** Moves whatever is left to the parent group and removes the group. */
  remove(): Promise<void>;
}

/**
 * A group's limits: `cpus`, the most CPU its processes may use together (none: uncapped); `weight`, its
 * share when the machine is busy, as a multiple of one ordinary process's (v1 cpu.shares = weight × 1024,
 * v2 cpu.weight = weight × 100): a weighted group gets its CPU however many other processes want theirs.
 */
export interface Limits {
  cpus?: number;
  weight?: number;
}

export interface CpuCaps {
  /** 'cgroup v1' or 'cgroup v2' */
  kind: string;
  create(label: string, limits: Limits): CpuCap;
}

const write = (file: string, text: string) => writeFileSync(file, text);
const read = (file: string) => readFileSync(file, 'utf8');

/** The fields of a `key value` file (cpu.stat). */
function stat(file: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of read(file).split('\n')) {
    const [k, v] = line.split(' ');
    if (k && v) out[k] = Number(v);
  }
  return out;
}

/** CPU ms the processes `pids` (all their threads) have used, from /proc (0 for one that has ended). */
export function procCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = read(`/proc/${pid}/stat`).split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (after the name: fields 14, 15)
    } catch {
      // ended
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** `pid` and every process descending from it (read from /proc). */
function withDescendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(read(`/proc/${entry}/stat`).split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** Every thread of `pid` must be in a group ending in `/name` for `controller` (v1) or the v2 line. */
function checkThreads(pid: number, name: string, controller: string | null) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let lines: string[];
    try {
      lines = read(`/proc/${pid}/task/${tid}/cgroup`).split('\n');
    } catch {
      continue; // the thread ended
    }
    const line = lines.find((l) =>
      controller === null ? l.startsWith('0::') : l.split(':')[1]!.split(',').includes(controller),
    );
    if (!line?.endsWith(`/${name}`))
      throw new Error(`thread ${tid} of process ${pid} is not in ${name}: ${line ?? 'no line'}`);
  }
}

async function removeDir(dir: string, parentProcs: string) {
  if (!existsSync(dir)) return;
  for (let attempt = 0; ; attempt++) {
    try {
      for (const pid of read(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean)) {
        try {
          write(parentProcs, pid);
        } catch {
          // ended meanwhile
        }
      }
      rmdirSync(dir);
      return;
    } catch (e) {
      // a process that just exited leaves the group a moment later
      if (attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function v1(): CpuCaps {
  const cpuRoot = path.join(ROOT, 'cpu');
  const acctRoot = existsSync(path.join(cpuRoot, 'cpuacct.usage')) ? cpuRoot : path.join(ROOT, 'cpuacct');
  return {
    kind: 'cgroup v1',
    create(label, { cpus, weight }) {
      const name = `${PREFIX}${process.pid}-${label}`;
      const cpu = path.join(cpuRoot, name);
      const acct = path.join(acctRoot, name);
      mkdirSync(cpu);
      if (acct !== cpu) mkdirSync(acct);
      const period = 100_000;
      write(path.join(cpu, 'cpu.cfs_period_us'), String(period));
      if (cpus !== undefined) write(path.join(cpu, 'cpu.cfs_quota_us'), String(Math.round(cpus * period)));
      if (weight !== undefined) write(path.join(cpu, 'cpu.shares'), String(Math.round(weight * 1024)));
      return {
        name,
        usageMs: () => Number(read(path.join(acct, 'cpuacct.usage'))) / 1e6,
        throttled: () => {
          const s = stat(path.join(cpu, 'cpu.stat'));
          return { periods: s.nr_periods ?? 0, throttled: s.nr_throttled ?? 0 };
        },
        add(pid, alone = false) {
          // cgroup.procs moves every thread of the process (Node's worker and libuv threads included)
          for (const p of alone ? [pid] : withDescendants(pid)) {
            write(path.join(cpu, 'cgroup.procs'), String(p));
            if (acct !== cpu) write(path.join(acct, 'cgroup.procs'), String(p));
            checkThreads(p, name, 'cpu');
            checkThreads(p, name, 'cpuacct');
          }
        },
        async remove() {
          await removeDir(cpu, path.join(cpuRoot, 'cgroup.procs'));
          if (acct !== cpu) await removeDir(acct, path.join(acctRoot, 'cgroup.procs'));
        },
      };
    },
  };
}

function v2(): CpuCaps {
  if (!read(path.join(ROOT, 'cgroup.subtree_control')).split(' ').includes('cpu'))
    write(path.join(ROOT, 'cgroup.subtree_control'), '+cpu');
  return {
    kind: 'cgroup v2',
    create(label, { cpus, weight }) {
      const name = `${PREFIX}${process.pid}-${label}`;
      const dir = path.join(ROOT, name);
      mkdirSync(dir);
      const period = 100_000;
      if (cpus !== undefined) write(path.join(dir, 'cpu.max'), `${Math.round(cpus * period)} ${period}`);
      if (weight !== undefined)
        write(path.join(dir, 'cpu.weight'), String(Math.min(10_000, Math.round(weight * 100))));
      return {
        name,
        usageMs: () => (stat(path.join(dir, 'cpu.stat')).usage_usec ?? 0) / 1000,
        throttled: () => {
          const s = stat(path.join(dir, 'cpu.stat'));
          return { periods: s.nr_periods ?? 0, throttled: s.nr_throttled ?? 0 };
        },
        add(pid, alone = false) {
          for (const p of alone ? [pid] : withDescendants(pid)) {
            write(path.join(dir, 'cgroup.procs'), String(p));
            checkThreads(p, name, null);
          }
        },
        remove: () => removeDir(dir, path.join(ROOT, 'cgroup.procs')),
      };
    },
  };
}

/** Groups left by an earlier run that died (empty ones only: rmdir refuses a group with processes). */
function removeStale(dirs: string[]) {
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      if (!entry.startsWith(PREFIX)) continue;
      try {
        rmdirSync(path.join(dir, entry));
      } catch {
        // in use (another run) or not ours to remove
      }
    }
  }
}

/**
 * The machine's CPU caps, tried by making a test group, setting its cap and removing it; or why they
 * cannot be used (not Linux, no cgroup file system, not root, a read-only mount). Moving a process in can
 * still be refused (`add` throws then).
 */
export async function openCpuCaps(): Promise<CpuCaps | { reason: string }> {
  try {
    let caps: CpuCaps;
    if (existsSync(path.join(ROOT, 'cpu', 'cpu.cfs_quota_us'))) {
      removeStale([path.join(ROOT, 'cpu'), path.join(ROOT, 'cpuacct')]);
      caps = v1();
    } else if (existsSync(path.join(ROOT, 'cgroup.controllers'))) {
      if (!read(path.join(ROOT, 'cgroup.controllers')).split(/\s/).includes('cpu'))
        return { reason: 'cgroup v2 without the cpu controller' };
      removeStale([ROOT]);
      caps = v2();
    } else return { reason: `no cgroup cpu controller under ${ROOT}` };
    const probe = caps.create('probe', { cpus: 0.25, weight: 1 });
    probe.usageMs();
    await probe.remove();
    return caps;
  } catch (e) {
    return { reason: `cgroup writes refused (${(e as Error).message})` };
  }
}
