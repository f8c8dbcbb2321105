// Child process of pg-store.test.ts: inserts N queries into task_pg, one transaction each, from a given start time.
import { openPgStore } from './index.js';

const [url, prefix, count, startAt] = process.argv.slice(2);
const store = openPgStore({ url: url! });
// Both writers start together (their module loading takes different times), so their transactions overlap.
while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 5));
for (let i = 0; i < Number(count); i++)
  store.insertQuery({
    id: `q_${prefix}_${i}`,
    taskId: 'task_pg',
    text: `${prefix} ${i}`,
    mode: 'normal',
    origin: 'client',
    status: 'pending',
    attempts: 0,
    metrics: {},
    createdAt: new Date().toISOString(),
  });
store.close();
