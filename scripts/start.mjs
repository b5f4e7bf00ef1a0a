#!/usr/bin/env node
// `npm start`: builds what is needed and runs the platform (API, websocket and the host at /kpSystem/) on the
// embedded database with demo data. All the work is in the server package's own start script; this one passes
// its output through and, once the server listens, prints the address to open (the host lives under /kpSystem/).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const LISTENING = /Server listening at (https?:\/\/[^\s"]+)/;

/** The page address to open for a server log line announcing where it listens, or undefined. */
export function kpAddress(line) {
  const m = LISTENING.exec(line);
  if (!m) return undefined;
  return `${m[1].replace(/\/+$/, '')}/kpSystem/`;
}

function main() {
  const child = spawn('npm', ['run', 'start', '-w', '@kp/server'], {
    env: process.env,
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  let announced = false;
  const pass = (from, to) =>
    createInterface({ input: from }).on('line', (line) => {
      to.write(`${line}\n`);
      const url = announced ? undefined : kpAddress(line);
      if (url) {
        announced = true;
        to.write(`\n[kp] KP is running: open ${url}\n\n`);
      }
    });
  pass(child.stdout, process.stdout);
  pass(child.stderr, process.stderr);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
