// Word lists that say how two texts can be opposed: negation cues, direction (up/down), valence
// (good/bad), hedges, quantifiers and curated antonym pairs (number words are tokens.ts's). Read by the
// stance features (models/stance) and by claim merging (claims/opposed.ts), so both oppose words the same
// way. Entries are stems (see `stem` in tokens.ts) so that "increases", "increased" and "increasing" hit the same entry.
import { stem } from './tokens.js';

function stems(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter(Boolean).map(stem));
}

/** Negation cues. "n't" is rewritten to "not" by the tokenizer. */
export const NEGATION_CUES = stems(
  'not no never none nobody nothing neither nor nowhere without cannot lack lacks lacking absence absent unable fail fails failed failure deny denies denied',
);

/** Words that say a quantity goes up. */
export const UP_WORDS = stems(
  'increase increases increased increasing rise rises rose risen rising raise raises raised elevate elevated elevation higher highest high more most greater greatest grow grows grew growth gain gains boost boosts boosted enhance enhanced enhances amplify amplified accelerate accelerated expand expanded exceed exceeds exceeded surge surged upregulate upregulated upregulation above longer larger bigger stronger faster promote promotes promoted induce induces induced stimulate stimulated activate activated spread spreads',
);

/** Words that say a quantity goes down. */
export const DOWN_WORDS = stems(
  'decrease decreases decreased decreasing decline declines declined reduce reduces reduced reducing reduction lower lowest low less least fewer fewest drop drops dropped fall falls fell fallen diminish diminished attenuate attenuated shrink shrank lose loses lost loss suppress suppressed suppresses inhibit inhibits inhibited inhibition downregulate downregulated downregulation below shorter smaller weaker slower slow slows slowed prevent prevents prevented block blocks blocked impair impaired limit limits limited cut cuts',
);

/** Words that judge an outcome good. */
export const GOOD_WORDS = stems(
  'improve improves improved improvement benefit benefits beneficial effective efficacy efficacious safe safety protect protects protective protection positive help helps helped helpful successful success cure cures cured heal recover recovery advantage useful',
);

/** Words that judge an outcome bad. */
export const BAD_WORDS = stems(
  'worsen worsens worsened worse worst harm harms harmful ineffective unsafe danger dangerous risk risky adverse negative damage damages damaged toxic toxicity fatal death deaths die died severe failure hurt useless',
);

/** Hedges: the passage or claim is tentative. */
export const HEDGE_WORDS = stems(
  'may might could possibly possible potential potentially suggest suggests suggested suggesting likely unlikely unclear uncertain appear appears seem seems preliminary hypothesize hypothesized perhaps probably presumably speculate',
);

/** Exclusive or universal quantifiers: a claim with "only"/"all" is easily refuted by a counter-example. */
export const QUANTIFIER_WORDS = stems('only all every always none solely exclusively entirely completely any sole must');

/**
 * Antonym pairs that WordNet lacks or scatters across senses; merged with the WordNet pairs
 * extracted at training time. Stored as pairs of stems.
 */
const CURATED_PAIRS: [string, string][] = [
  ['increase', 'decrease'],
  ['increase', 'reduce'],
  ['raise', 'lower'],
  ['rise', 'fall'],
  ['rise', 'decline'],
  ['higher', 'lower'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['greater', 'smaller'],
  ['greater', 'less'],
  ['improve', 'worsen'],
  ['benefit', 'harm'],
  ['effective', 'ineffective'],
  ['safe', 'unsafe'],
  ['safe', 'dangerous'],
  ['positive', 'negative'],
  ['present', 'absent'],
  ['presence', 'absence'],
  ['include', 'exclude'],
  ['accept', 'reject'],
  ['support', 'oppose'],
  ['allow', 'forbid'],
  ['allow', 'ban'],
  ['win', 'lose'],
  ['open', 'closed'],
  ['alive', 'dead'],
  ['live', 'die'],
  ['young', 'old'],
  ['man', 'woman'],
  ['boy', 'girl'],
  ['men', 'women'],
  ['sit', 'stand'],
  ['sleep', 'awake'],
  ['inside', 'outside'],
  ['indoor', 'outdoor'],
  ['day', 'night'],
  ['wet', 'dry'],
  ['hot', 'cold'],
  ['empty', 'full'],
  ['before', 'after'],
  ['early', 'late'],
  ['strong', 'weak'],
  ['fast', 'slow'],
  ['high', 'low'],
  ['large', 'small'],
  ['big', 'small'],
  ['long', 'short'],
  ['tall', 'short'],
  ['common', 'rare'],
  ['frequent', 'rare'],
  ['acute', 'chronic'],
  ['mild', 'severe'],
  ['symptomatic', 'asymptomatic'],
  ['infected', 'uninfected'],
  ['vaccinated', 'unvaccinated'],
  ['upregulate', 'downregulate'],
  ['activate', 'inhibit'],
  ['promote', 'inhibit'],
  ['promote', 'suppress'],
  ['enhance', 'impair'],
  ['accelerate', 'slow'],
  ['gain', 'loss'],
  ['gain', 'lose'],
  ['agonist', 'antagonist'],
  ['male', 'female'],
  ['adult', 'child'],
  ['maximum', 'minimum'],
  ['majority', 'minority'],
  ['always', 'never'],
  ['all', 'none'],
  ['everyone', 'nobody'],
  ['something', 'nothing'],
  ['true', 'false'],
  ['correct', 'incorrect'],
  ['success', 'failure'],
  ['succeed', 'fail'],
  ['confirm', 'refute'],
  ['prove', 'disprove'],
  ['same', 'different'],
  ['similar', 'different'],
  ['coexist', 'fight'],
  ['cause', 'prevent'],
  ['protect', 'harm'],
  ['spread', 'contain'],
];
export const CURATED_ANTONYMS: ReadonlyArray<readonly [string, string]> = CURATED_PAIRS.map(([a, b]) => [stem(a), stem(b)] as const);
