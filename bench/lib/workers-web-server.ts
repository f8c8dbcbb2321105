// Child process of bench:workers: the loopback web (workers-web.ts) kept out of the measuring process,
// whose synchronous store reads would delay the server's own arrival stamps. Reads the plan as JSON on
// stdin (first line: hosts, tasks, pagesPerTask), prints {"port", "searchBase"}, answers
// "dump <file>" by writing the arrival log to <file> and printing "ok", and "quit" by closing.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { benchQpsOf, startWorkersWeb, type WorkersWeb } from './workers-web.js';

let web: WorkersWeb | undefined;

createInterface({ input: process.stdin }).on('line', async (line) => {
  if (!web) {
    const plan = JSON.parse(line) as { hosts: number; tasks: number; pagesPerTask: number };
    web = await startWorkersWeb({ ...plan, qpsOf: benchQpsOf });
    process.stdout.write(`${JSON.stringify({ port: web.port, searchBase: web.searchBase })}\n`);
  } else if (line.startsWith('dump ')) {
    writeFileSync(line.slice(5), JSON.stringify(web.arrivals));
    process.stdout.write('ok\n');
  } else if (line === 'quit') {
    await web.close();
    process.exit(0);
  }
});
