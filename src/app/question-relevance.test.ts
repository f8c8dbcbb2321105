import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticTask } from '../test-support/synthetic-task.js';
import { loadConfig } from './config/index.js';
import { createWordNetThesaurus } from '../models/index.js';
import { createEngine } from './engine.js';
import { createQuestionRelevance } from './question-relevance.js';

test("a statement's relevance to the question is the research run's: its subject and what is asked of it count", () => {
  const statements = [
    'Meeting notes, 3 March.',
    'Running raises the heart rate during exercise.',
    'Walking lowers resting blood pressure by 5 mmHg in adults.',
    'Blood pressure was measured twice.',
  ];
  const score = createQuestionRelevance().scorer('Does walking lower blood pressure?', statements);
  const ranked = [...statements].sort((a, b) => score(b) - score(a));
  assert.equal(ranked[0], 'Walking lowers resting blood pressure by 5 mmHg in adults.');
  assert.equal(score('Meeting notes, 3 March.'), 0);
  assert.ok(score(ranked[0]!) > score('Blood pressure was measured twice.'));
});

test('with WordNet, a statement naming the subject otherwise ("acetylsalicylic acid" for "aspirin") counts as about it', () => {
  const statements = [
    'Acetylsalicylic acid prevented heart attacks in a large trial.',
    'Statins lower LDL cholesterol.',
    'Heart attacks were counted by cardiologists.',
  ];
  const question = 'Does aspirin prevent heart attacks?';
  const rules = createQuestionRelevance().scorer(question, statements);
  const named = createQuestionRelevance({ thesaurus: createWordNetThesaurus() }).scorer(question, statements);
  assert.ok(rules(statements[0]!) < 0.3, String(rules(statements[0]!)));
  assert.ok(named(statements[0]!) >= 0.3, String(named(statements[0]!)));
  assert.equal(named(statements[1]!), rules(statements[1]!));
  assert.ok(named(statements[0]!) > named(statements[2]!));
});

test("the engine's materials put the claims that answer the task's question first (newcomer issue, item 2)", () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-relevance-'));
  const engine = createEngine(loadConfig({ env: { LYRA_HOME: home }, cwd: home }));
  try {
    // Synthetic claims alternate walking and running, lowering and raising blood pressure.
    writeSyntheticTask(engine.store, { taskId: 'task_walk', question: 'Does walking lower blood pressure?', claims: 24 });
    const m = engine.materials('task_walk', { limit: 24 });
    const first = m.claims.slice(0, 4).map((c) => c.statement);
    assert.ok(
      first.every((s) => /walking lowers/.test(s)),
      first.join(' | '),
    );
    assert.ok(m.claims.slice(-4).every((c) => !/walking lowers/.test(c.statement)));
    // The same page through get_materials' view.
    assert.deepEqual(
      engine.materialsPage('task_walk', { offset: 0, limit: 24 }).claims.map((c) => c.id),
      m.claims.map((c) => c.id),
    );
  } finally {
    void engine.close();
    rmSync(home, { recursive: true, force: true });
  }
});
