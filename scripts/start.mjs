#!/usr/bin/env node
// `npm start`: builds what is needed and runs the platform (API, websocket and the host at /kpSystem/) on the
// embedded database with demo data. All the work is in the server package's own start script.
import { spawnSync } from 'node:child_process';

const res = spawnSync('npm', ['run', 'start', '-w', '@kp/server'], { stdio: 'inherit', env: process.env });
process.exit(res.status ?? 1);
