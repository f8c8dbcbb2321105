// The answer a reader meets first, read on the loopback evidence web: "Does aerobic exercise lower
// blood pressure?" becomes the proposition "Aerobic exercise does lower blood pressure." (the bare
// verb after "does" is not part of the subject), and a BLOCKED source — the blog that contradicts both
// journals — is neither counted nor quoted for or against, though the task holds its refutation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EVIDENCE_WEB_SHARED_DATA, startEvidenceWeb } from '../../test-support/evidence-web.js';
import { PROJECT_ROOT, skipUnlessShared } from '../../test-support/shared-data.js';
import { createEngine, loadConfig } from '../index.js';
import { runResearch } from './research.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
// The evidence web serves recorded API answers from ../shared/data; the stance model ships in models/.
const skip = skipUnlessShared(EVIDENCE_WEB_SHARED_DATA) || (existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`);

test('the answer judges the question as asked and never cites a BLOCKED source', { skip }, async () => {
  const ew = await startEvidenceWeb({});
  try {
    const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
    const r = await runResearch(
      config,
      {
        question: 'Does aerobic exercise lower blood pressure?',
        providers: ['searxng'],
        cwd: ew.home,
        budget: { pages: 30, queries: 60, seconds: 900 },
      },
      { engine: { resolver: ew.resolver }, translator: null, writer: null },
    );
    const a = r.answer!;
    assert.equal(a.proposition, 'Aerobic exercise does lower blood pressure.');
    const cited = [...a.for, ...a.against];
    assert.ok(cited.length > 0, 'the answer quotes evidence');
    assert.deepEqual(
      cited.filter((q) => q.tier === 'BLOCKED').map((q) => q.url),
      [],
    );
    assert.deepEqual([a.verdict, a.basis.supporting_sources, a.basis.refuting_sources], ['mixed', 1, 1], JSON.stringify(a.basis));
    // What the filter kept out: the task does hold a BLOCKED source's passage judged against the proposition.
    const engine = createEngine(config, { resolver: ew.resolver });
    try {
      const blocked = engine.store.listPages(r.taskId).filter((p) => /blog\.test/.test(p.url));
      assert.ok(blocked.length > 0, 'the blog was read');
      assert.equal(
        engine.status(r.taskId).blocked_domains.some((d) => d.domain === 'blog.test'),
        true,
        'and blocked',
      );
    } finally {
      await engine.close();
    }
  } finally {
    await ew.close();
    rmSync(ew.home, { recursive: true, force: true });
  }
});
