// Five short documents about pesticides and bees in a real SQLite store, for the corpus search tests
// (sources/corpus/corpus-provider.test.ts, app/corpus/hybrid-search.test.ts): a word-heavy market report,
// the imidacloprid study that says "honeybees" once, a varroa note, and two Japanese documents.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store, TextExtractor } from '../core/index.js';
import { ingestCorpus } from '../sources/index.js';
import { openStore } from '../store/index.js';

/** The corpus the documents are ingested under. */
export const PESTICIDE_CORPUS = 'bees';

const DOCS = [
  {
    id: 'market',
    title: 'Pesticide market report',
    text: 'Pesticide sales rose in 2020. Pesticide prices and pesticide imports are listed by country; honeybee-friendly labels get a footnote.',
  },
  {
    id: 'field',
    title: 'Field study',
    text: 'Sublethal doses of imidacloprid impair the foraging of honeybees: exposed workers made fewer trips and took longer to return to the hive.',
  },
  { id: 'varroa', title: 'Varroa mites', text: 'Varroa destructor mites spread deformed wing virus between honeybee colonies.' },
  { id: 'ja', title: '蜂の研究', text: 'ネオニコチノイド系農薬はミツバチの採餌を妨げる。' },
  { id: 'ja-colony', title: '群れの調査', text: '農薬を浴びたミツバチの群れは冬を越せないことが多い。' },
];

/** JSONL files never reach the extractor; a call is a test failure. */
const noExtractor: TextExtractor = { extract: () => Promise.reject(new Error('extractor must not be called for JSONL')) };

/** Runs `fn` over a fresh store holding the documents; removes it afterwards. */
export async function withPesticideCorpus(fn: (store: Store) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-pesticides-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    writeFileSync(join(dir, 'docs.jsonl'), DOCS.map((d) => JSON.stringify(d)).join('\n'));
    await ingestCorpus({ store, extractor: noExtractor, name: PESTICIDE_CORPUS, paths: [join(dir, 'docs.jsonl')] });
    await fn(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
