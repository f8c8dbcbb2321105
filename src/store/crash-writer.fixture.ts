// Child process for crash.test.ts: writes page + fragments + checkpoint groups in transactions
// forever, printing the count after each commit, until it is killed. Takes a SQLite path or a postgres:// URL.
import { openStore } from './index.js';
import { isPostgresUrl } from '../core/index.js';
import { openPgStore } from './pg/index.js';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-writer.fixture.ts <db-path | postgres-url>');
const store = isPostgresUrl(path) ? openPgStore({ url: path }) : openStore({ path });
const taskId = 'task_crash';
if (!store.getTask(taskId)) {
  store.createTask({
    id: taskId,
    question: 'q',
    status: 'running',
    budget: { maxPages: 1e6, maxQueries: 1, maxSeconds: 1e6 },
    priorityDomains: [],
    createdAt: new Date().toISOString(),
    configSnapshot: {},
  });
}
let n = store.listPages(taskId).length;
for (;;) {
  const i = n;
  store.transaction(() => {
    const page = store.upsertPage({
      id: `pg_${i}`,
      taskId,
      url: `https://example.org/${i}`,
      domain: 'example.org',
      sourceType: 'other',
      fetchStatus: 'fetched',
      authors: [],
      identifiers: {},
      abstractOnly: false,
      trustLevel: 'UNVERIFIED',
      createdAt: new Date().toISOString(),
    });
    store.insertFragments(
      [0, 1, 2].map((k) => ({ id: `fr_${i}_${k}`, pageId: page.id, text: `text ${i} ${k} `.repeat(50), locator: { paragraph: k }, quotable: true })),
    );
    store.saveCheckpoint(taskId, 'pages', { count: i + 1 });
  });
  n++;
  process.stdout.write(`${n}\n`);
}
