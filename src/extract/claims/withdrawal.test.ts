import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withdrawsSubject } from './withdrawal.js';

const FLUORIDE = 'Water fluoridation reduces tooth decay in children.';

test('withdrawsSubject: a sentence reporting the subject taken away (stopped, discontinued, removed, passive, ceased)', () => {
  assert.ok(
    withdrawsSubject(
      FLUORIDE,
      'After Calgary stopped adding fluoride to its water supply in 2011, tooth decay in the primary teeth of grade 2 children increased compared with Edmonton, where fluoridation continued.',
    ),
  );
  assert.ok(withdrawsSubject(FLUORIDE, 'Cavities became more common after fluoridation was discontinued in the city.'));
  assert.ok(withdrawsSubject(FLUORIDE, 'After fluoridation ceased, caries rose among schoolchildren.'));
  assert.ok(withdrawsSubject('Statins reduce the risk of heart attacks.', 'Discontinuation of statins was followed by more heart attacks.'));
  assert.ok(withdrawsSubject('Wolves keep elk numbers in check.', 'After the removal of the wolves, elk numbers grew.'));
});

test('withdrawsSubject: not an effect verb, not a claim that is itself about the withdrawal, not another subject', () => {
  // "stopped" as what the subject did, not what was done to it.
  assert.equal(withdrawsSubject('Measles vaccination prevents measles.', 'Vaccination stopped the spread of measles in the region.'), false);
  assert.equal(withdrawsSubject(FLUORIDE, 'Fluoridation stopped the rise of tooth decay.'), false);
  // The claim speaks of the withdrawal too: the directions agree.
  assert.equal(
    withdrawsSubject('Stopping statins increases the risk of heart attacks.', 'Discontinuation of statins was followed by more heart attacks.'),
    false,
  );
  // Something else was stopped.
  assert.equal(withdrawsSubject(FLUORIDE, 'Children who stopped eating sweets had less tooth decay.'), false);
  assert.equal(withdrawsSubject(FLUORIDE, 'Children in the city that kept fluoridation had fewer cavities.'), false);
  // A ban from a place takes nothing away; a ban on the subject does; "end" as a noun is no withdrawal.
  const quarantine = 'The quarantine of Wuhan delayed the spread of the virus by a few days.';
  assert.equal(withdrawsSubject(quarantine, 'At the start of the travel ban from Wuhan, most cities had already received infected travelers.'), false);
  assert.ok(withdrawsSubject('Neonicotinoids harm bees.', 'After the ban on neonicotinoids, bee colonies recovered.'));
  assert.equal(
    withdrawsSubject('Glaciers are retreating around the world.', "Following the Little Ice Age's end around 1850, glaciers have retreated."),
    false,
  );
  // English only.
  assert.equal(withdrawsSubject('フッ素は虫歯を減らす。', 'フッ素添加の中止後に虫歯が増えた。', 'ja'), false);
});
