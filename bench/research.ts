// npm run bench:research — `lyra research` on Check-COVID (../shared/data/check-covid): the corpus
// ingested with trust level ACADEMIC, one research run per dev claim (the claim as the question),
// and how often the run's verified claims cite the claim's gold abstract. Baseline measured in the
// same run: one corpus search with the claim (top 10) — does it even find the gold abstract?
// Flags: --limit N (claims, default 20), --budget SPEC (default pages=20,queries=150,seconds=600: pages bound the run, so results do not depend on the machine's load).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToCorpus, loadConfig, openOrCreateStore, runResearch, searchCorpus } from '../src/app/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { MIN_RELEVANCE, parseBudgetSpec, type VerifiedClaimItem } from '../src/workflows/index.js';

const corpusFile = sharedDataPath('check-covid/corpus.json');
const devFile = sharedDataPath('check-covid/dev/covidCheck_dev_composed+extracted.json');
for (const p of [corpusFile, devFile]) {
  if (!existsSync(p)) {
    console.log(`bench:research skipped: missing ${p} (../shared/data is not part of a user's clone)`);
    process.exit(0);
  }
}
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const limit = Number(arg('limit') ?? 20);
const budget = parseBudgetSpec(arg('budget') ?? 'pages=20,queries=150,seconds=600');

interface DevClaim { id: string; claim: string; cord_id: string; label: string }
// The first `limit` distinct claims with a SUPPORT or REFUTE label: their gold abstract holds the evidence.
const seen = new Set<string>();
const claims: DevClaim[] = [];
for (const line of readFileSync(devFile, 'utf8').split('\n').filter((l) => l.trim())) {
  const c = JSON.parse(line) as DevClaim;
  const key = c.claim.trim().toLowerCase();
  if (c.label === 'NOTENOUGHINFO' || seen.has(key)) continue;
  seen.add(key);
  claims.push({ ...c, claim: c.claim.trim() });
  if (claims.length >= limit) break;
}

let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const home = mkdtempSync(join(tmpdir(), 'lyra-bench-research-'));
try {
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const store = openOrCreateStore(config.store.path);
  await addToCorpus({ config, store, name: 'check-covid', paths: [corpusFile], trustLevel: 'ACADEMIC' });
  let baseline = 0;
  for (const c of claims) if ((await searchCorpus({ store, query: c.claim, corpus: 'check-covid', limit: 10 })).some((h) => h.id === c.cord_id)) baseline++;
  store.close();

  const rows: string[] = [];
  let retrieved = 0;
  let inReport = 0;
  let cited = 0;
  let citedRelevant = 0;
  let seconds = 0;
  for (const [i, c] of claims.entries()) {
    const gold = `corpus://check-covid/${c.cord_id}`;
    const t0 = performance.now();
    const r = await runResearch(config, { question: c.claim, corpus: 'check-covid', cwd: home, out: 'runs', budget }, { translator: null });
    const s = (performance.now() - t0) / 1000;
    seconds += s;
    sample();
    const evidence = JSON.parse(readFileSync(join(r.runDir, 'evidence.json'), 'utf8')) as { items: Array<{ claim_id: string; url: string }> };
    const verified = JSON.parse(readFileSync(join(r.runDir, 'verified_claims.json'), 'utf8')) as { items: VerifiedClaimItem[] };
    const report = readFileSync(join(r.runDir, r.files.report), 'utf8');
    const relevant = new Set(verified.items.filter((v) => v.relevance >= MIN_RELEVANCE).map((v) => v.claim_id));
    const byGold = evidence.items.filter((e) => e.url === gold);
    const raw = JSON.parse(readFileSync(join(r.runDir, 'raw_claims.json'), 'utf8')) as { items: Array<{ source: string }> };
    const hit = {
      retrieved: byGold.length > 0 || raw.items.some((x) => x.source === gold),
      cited: byGold.length > 0,
      relevant: byGold.some((e) => relevant.has(e.claim_id)),
      report: report.includes(`<${gold}>`),
    };
    retrieved += Number(hit.retrieved);
    cited += Number(hit.cited);
    citedRelevant += Number(hit.relevant);
    inReport += Number(hit.report);
    const goldStatuses = verified.items.filter((v) => byGold.some((e) => e.claim_id === v.claim_id)).map((v) => v.status);
    rows.push(`  ${String(i + 1).padStart(2)}. ${c.label.padEnd(7)} ${hit.report ? 'report' : hit.cited ? 'cited ' : hit.retrieved ? 'found ' : 'miss  '} ${s.toFixed(0).padStart(4)} s  ${c.claim.slice(0, 70)}${goldStatuses.length ? `  [${[...new Set(goldStatuses)].join('/')}]` : ''}`);
    console.error(rows.at(-1));
  }
  const pct = (n: number): string => `${n}/${claims.length} = ${((100 * n) / claims.length).toFixed(0)} %`;
  console.log(`bench:research — lyra research on Check-COVID dev claims (budget pages=${budget.pages}, queries=${budget.queries}, seconds=${budget.seconds})`);
  for (const r of rows) console.log(r);
  const table: Array<[string, string]> = [
    ['gold abstract among the run\'s claim sources', pct(retrieved)],
    ['verified claims cite the gold abstract', pct(cited)],
    ['  …a claim relevant to the question', pct(citedRelevant)],
    ['  …shown in the report (References)', pct(inReport)],
    ['baseline: gold in one corpus search top 10', pct(baseline)],
    ['ratio cited / baseline', baseline > 0 ? (cited / baseline).toFixed(2) : 'n/a'],
    ['mean run time', `${(seconds / claims.length).toFixed(1)} s`],
    ['peak RSS', `${(peakRss / 2 ** 20).toFixed(0)} MiB`],
  ];
  const w = Math.max(...table.map((t) => t[0].length));
  for (const [k, v] of table) console.log(`  ${k.padEnd(w)}  ${v}`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
