// wink-nlp and its English model, loaded on first use. Loading them costs about 0.5 s of CPU, which a
// process that never reads English text (most CLI commands, many tests) should not pay at import time.
// Both packages are CommonJS, so a synchronous require keeps the callers synchronous.
import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';
import type winkModel from 'wink-eng-lite-web-model';

type WinkNlp = ReturnType<typeof winkNLP>;

const require = createRequire(import.meta.url);
let sentenceNlp: WinkNlp | undefined;
let fullNlp: WinkNlp | undefined;

function load(): { winkNLP: typeof winkNLP; model: typeof winkModel } {
  return { winkNLP: require('wink-nlp') as typeof winkNLP, model: require('wink-eng-lite-web-model') as typeof winkModel };
}

/** The sentence-boundary pipeline only (what segmentation needs; faster than the full one). */
export function winkSentenceNlp(): WinkNlp {
  if (!sentenceNlp) {
    const { winkNLP, model } = load();
    sentenceNlp = winkNLP(model, ['sbd']);
  }
  return sentenceNlp;
}

/** The full pipeline: POS, lemma, negation, entities. */
export function winkFullNlp(): WinkNlp {
  if (!fullNlp) {
    const { winkNLP, model } = load();
    fullNlp = winkNLP(model);
  }
  return fullNlp;
}
