// runResearch / resumeResearch against the real engine (SQLite store, corpus provider, embedded
// stance model) on small corpora written for these tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESEARCH_ARTIFACT_SCHEMAS, type ResearchArtifactName, type ResearchEvent } from '../../workflows/index.js';
import { loadConfig, type LyraConfig } from '../config/index.js';
import { addToCorpus } from '../corpus/corpus.js';
import { openOrCreateStore } from '../open-store.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';
import { RESEARCH_RUN_FILE, isResearchTask, researchTaskOf, resumeResearch, runResearch } from './research.js';
import { fakeChatEndpoint } from '../../test-support/fake-chat-endpoint.js';
import { renderHtmlFragment, renderMarkdown, reportDocumentSchema } from '../../report/index.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
const skip = existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`;

const EN_DOCS = [
  {
    id: 'obs',
    title: 'Sea level observations',
    text: 'Global sea level rise has accelerated since 1993 according to satellite altimetry.\n\nTide gauges show that sea level rose about 1.8 mm per year during the 20th century.',
  },
  { id: 'doubt', title: 'A dissenting view', text: 'Global sea level rise has not accelerated since 1993 according to some tide gauge analyses.' },
  { id: 'ice', title: 'Ice sheets', text: 'Melting ice sheets in Greenland and Antarctica are the largest source of future sea level rise.' },
  { id: 'cost', title: 'Costs', text: 'Sea level rise will cost coastal cities billions of dollars in flood defences by 2100.' },
  { id: 'study', title: 'A study', text: 'A 2018 study found that global sea level rise accelerated by 0.084 mm per year squared.' },
];
const JA_DOCS = [
  {
    id: 'kaimen-1',
    title: '海面上昇の観測',
    text: '世界の平均海面水位は20世紀の初めから上昇している。\n\n1993年以降の衛星観測では、海面上昇率は年約3ミリメートルに加速している。',
  },
  { id: 'kaimen-2', title: '海面上昇への異論', text: '一部の研究者は、海面上昇は加速していないと主張している。' },
];

async function setup(name: string, docs: Array<{ id: string; title: string; text: string }>): Promise<{ home: string; config: LyraConfig }> {
  const home = mkdtempSync(join(tmpdir(), 'lyra-research-'));
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const file = join(home, `${name}.jsonl`);
  writeFileSync(file, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
  const store = openOrCreateStore(config.store);
  try {
    await addToCorpus({ config, store, name, paths: [file], trustLevel: 'ACADEMIC' });
  } finally {
    store.close();
  }
  return { home, config };
}

test('runResearch writes the run folder: report, search log, seven valid artifacts and the run pointer', { skip }, async () => {
  const { home, config } = await setup('sea', EN_DOCS);
  try {
    const events: ResearchEvent[] = [];
    const r = await runResearch(
      config,
      {
        question: 'Has global sea level rise accelerated?',
        corpus: 'sea',
        cwd: home,
        out: 'runs',
        budget: { pages: 20, seconds: 3000 },
        onEvent: (e) => void (e.type.startsWith('research.') && events.push(e as ResearchEvent)),
      },
      { translator: null },
    );
    assert.equal(r.status, 'completed');
    assert.match(r.runDir, /runs\/\d{8}_\d{4}$/);
    const report = readFileSync(join(r.runDir, r.files.report), 'utf8');
    assert.match(report, /^# Research report: Has global sea level rise accelerated\?/);
    assert.ok(readFileSync(join(r.runDir, 'search_log.md'), 'utf8').startsWith('# Search log: '));
    for (const name of Object.keys(RESEARCH_ARTIFACT_SCHEMAS) as ResearchArtifactName[]) {
      RESEARCH_ARTIFACT_SCHEMAS[name].parse(JSON.parse(readFileSync(join(r.runDir, `${name}.json`), 'utf8')));
    }
    const pointer = JSON.parse(readFileSync(join(r.runDir, RESEARCH_RUN_FILE), 'utf8')) as { task_id: string };
    assert.equal(pointer.task_id, r.taskId);
    assert.equal(researchTaskOf(r.runDir), r.taskId);
    const store = openOrCreateStore(config.store);
    try {
      assert.equal(isResearchTask(store, r.taskId), true);
      assert.equal(store.listQueries(r.taskId).filter((q) => q.origin === 'strategy').length > 0, true);
    } finally {
      store.close();
    }
    assert.ok(events.some((e) => e.type === 'research.progress'));
    assert.ok(
      r.relevantCounts.VERIFIED + r.relevantCounts.CONDITIONED + r.relevantCounts.CONTESTED + r.relevantCounts.REFUTED + r.relevantCounts.UNSUPPORTED > 0,
    );
    // A finished run resumed again rewrites the same report.
    const again = await resumeResearch(config, { target: r.runDir }, { translator: null });
    assert.equal(again.status, 'completed');
    assert.equal(readFileSync(join(r.runDir, r.files.report), 'utf8').split('\n').slice(3).join('\n'), report.split('\n').slice(3).join('\n'));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a Japanese question gives a Japanese report judged offline by the Japanese stance model', { skip }, async () => {
  const { home, config } = await setup('ja', JA_DOCS);
  try {
    const r = await runResearch(
      config,
      { question: '海面上昇は加速しているか？', corpus: 'ja', cwd: home, budget: { pages: 10, seconds: 3000 } },
      { translator: null },
    );
    assert.equal(r.status, 'completed');
    assert.match(r.runDir, /_outputs\/research\/\d{8}_\d{4}$/);
    const report = readFileSync(join(r.runDir, r.files.report), 'utf8');
    // The satellite sentence states the acceleration: the Japanese network supports the proposition with it.
    assert.match(
      report,
      /^# リサーチレポート: 海面上昇は加速しているか？\n\n> [^\n]+\n\n## 回答\n\n\*\*支持される\*\* — 判定した命題: “海面上昇は加速している。”\n\n- 支持:\n {2}- “1993年以降の衛星観測では、海面上昇率は年約3ミリメートルに加速している。” \[1\]\n/,
    );
    assert.ok(report.includes('## 制約・限界'));
    assert.ok(!report.includes('英語のみ対応'), 'Japanese claims are judged, not refused');
    assert.match(report, /### \d\. 1993年以降の衛星観測では、海面上昇率は年約3ミリメートルに加速している。\n\n- ステータス: (VERIFIED|CONDITIONED) /);
    const log = readFileSync(join(r.runDir, 'search_log.md'), 'utf8');
    assert.match(log, /^# 検索ログ: 海面上昇は加速しているか？\n> 実行: /);
    assert.ok(log.includes('## 統計'));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('an unknown corpus and a folder that is not a run are invalid input', async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-research-'));
  try {
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    await assert.rejects(runResearch(config, { question: 'sea level', corpus: 'nope', cwd: home }, { translator: null }), { code: 'corpus_not_found' });
    await assert.rejects(resumeResearch(config, { target: home }), { code: 'research_run_missing' });
    // A Japanese question on the English example corpus: said before any search, with the fixes.
    await assert.rejects(
      runResearch(config, { question: 'サンゴ礁は気候変動で死につつあるか？', corpus: 'example', cwd: home }, { translator: null }),
      (e: unknown) => {
        const err = e as { code?: string; message?: string };
        assert.equal(err.code, 'research_language_mismatch');
        assert.match(err.message ?? '', /question is in Japanese and corpus "example" holds English \(\d+ read\) documents/);
        assert.match(err.message ?? '', /--lang ja/);
        return true;
      },
    );
    assert.throws(() => researchTaskOf('not a task'), { code: 'invalid_argument' });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the prose answer (models.llm): a fake chat endpoint writes one supported and one unsupported sentence; the stance model keeps the first and removes the second', {
  skip,
}, async () => {
  const fake = await fakeChatEndpoint((body) => {
    if (body.response_format?.json_schema.name === 'translation') return { content: JSON.stringify({ translation: '海面上昇' }) }; // the topic's translation
    // Cite the quote that states the acceleration, by the number the prompt gives it.
    const n = Number(
      /\[(\d+)\] \(supports the proposition\) Global sea level rise has accelerated since 1993 according to satellite altimetry\./.exec(
        body.messages.at(-1)!.content,
      )?.[1] ?? 1,
    );
    return {
      content: JSON.stringify({
        sentences: [
          { text: `Global sea level rise has accelerated since 1993 [${n}].`, quotes: [n] },
          { text: `The Greenland ice sheet is gaining mass [${n}].`, quotes: [n] },
          // A mark no reference has ([0]) and one that would open a link beside it: text in the report, never a link.
          { text: `Nobody disputes this [0], see [${n}](javascript:alert(1)).`, quotes: [] },
        ],
      }),
    };
  });
  const { home } = await setup('sea', EN_DOCS);
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), `models:\n  llm: { base_url: "${fake.baseUrl}", model: fake-writer, max_retries: 0 }\n`);
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    const r = await runResearch(config, { question: 'Has global sea level rise accelerated?', corpus: 'sea', cwd: home, budget: { pages: 20, seconds: 3000 } });
    assert.equal(r.status, 'completed');
    const prose = r.answer?.prose;
    assert.ok(prose, JSON.stringify(r.answer?.basis));
    assert.equal(prose.model, 'fake-writer');
    assert.deepEqual(
      prose.sentences.map((s) => [s.kept, s.judgement]),
      [
        [true, 'supports'],
        [false, prose.sentences[1]!.judgement],
        [false, 'no_quote'],
      ],
    );
    assert.notEqual(prose.sentences[1]!.judgement, 'supports');
    const report = readFileSync(join(r.runDir, r.files.report), 'utf8');
    const section = report.slice(report.indexOf('### In prose'), report.indexOf('## Summary'));
    assert.match(section, /^### In prose \(fake-writer; checked by embedded\)\n\nGlobal sea level rise has accelerated since 1993 \[\d+\]\.\n/);
    assert.match(
      section,
      /Removed as unsupported:\n\n- “The Greenland ice sheet is gaining mass \[\d+\]\.” — its quotes do not support it \(stance: (neutral|refutes)\)\n- “Nobody disputes this \\\[0\\\], see \[\d+\]\\\(javascript:alert\(1\)\)\.” — cites no quote/,
    );
    // The report's document holds the same answer (report.md is its rendering), and the UI's page of it links no script.
    const doc = reportDocumentSchema.parse(JSON.parse(readFileSync(join(r.runDir, r.files.reportDocument), 'utf8')));
    assert.equal(renderMarkdown(doc), report);
    assert.doesNotMatch(renderHtmlFragment(doc), /href="javascript/i);
    // The same answer, with its prose, is in research_run.json.
    const run = JSON.parse(readFileSync(join(r.runDir, RESEARCH_RUN_FILE), 'utf8')) as { answer: { prose: { sentences: unknown[] } } };
    assert.equal(run.answer.prose.sentences.length, 3);
  } finally {
    await fake.web.close();
    rmSync(home, { recursive: true, force: true });
  }
});
