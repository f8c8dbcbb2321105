// Preloaded into each `lyra worker` of bench:workers (NODE_OPTIONS=--import): appends one line per
// HTTP request the moment undici writes its headers to the socket — {"host", "at"} with `at` in epoch
// ms (performance.timeOrigin + now, comparable between processes of one machine) — to
// $LYRA_BENCH_SEND_LOG. The bench reads the sent gaps per host over all workers from these files.
import { appendFileSync } from 'node:fs';
import diagnosticsChannel from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

const file = process.env.LYRA_BENCH_SEND_LOG;
if (file) {
  diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
    const origin = message?.request?.origin;
    if (!origin) return;
    const at = performance.timeOrigin + performance.now();
    appendFileSync(file, `${JSON.stringify({ host: new URL(origin).hostname, at, pid: process.pid })}\n`);
  });
}
