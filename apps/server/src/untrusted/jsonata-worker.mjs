// Evaluates JSONata expressions typed by users (data-interface transforms) for jsonata.ts, one at a time.
// JSONata runs on promises that resolve at once, so a runaway expression never yields to a timer: only a
// thread that can be terminated bounds it. The answer travels as JSON text, capped in size.
import { parentPort, workerData } from 'node:worker_threads';
import jsonata from 'jsonata';

const { maxResultBytes } = workerData;

parentPort.on('message', async ({ id, expression, input }) => {
  try {
    const value = await jsonata(expression).evaluate(input);
    const json = value === undefined ? 'null' : JSON.stringify(value);
    if (json.length > maxResultBytes) parentPort.postMessage({ id, ok: false, error: 'tooLarge' });
    else parentPort.postMessage({ id, ok: true, json });
  } catch (e) {
    const message = String(e?.message ?? e).slice(0, 200);
    parentPort.postMessage({ id, ok: false, error: 'expression', message });
  }
});
