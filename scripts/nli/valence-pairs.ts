// Training pairs that teach the judge to compose a reported change with whether the changed quantity is
// good or bad: "Bees exposed to the insecticide showed reduced foraging" supports "The insecticide harms
// bees" (less of a good thing) and refutes "The insecticide is good for bees". The shipped judge read any
// "reduced …" as contradicting a claim of harm (refutes 0.76–0.90 on such pairs, found trying folders of
// one's own), because none of its training sets states a finding one way and the claim the other.
//
// Written for this purpose (no third-party text), so they may train shipped weights. Deterministic: the
// same seed gives the same pairs. Evaluated on bench/data/valence-pairs.jsonl, written by another hand
// from a description of the task, never from these templates (npm run bench:valence).
import { seededRandom } from '../../src/test-support/seeded-random.js';

/** What is exposed or given, and who or what it acts on (a group that fits it). */
interface Agent {
  name: string;
  /** How the evidence sentence names the exposure: "exposed to X", "given X", "fed X", "treated with X". */
  given: string;
  groups: readonly string[];
  /** Quantities of those groups that the agent plausibly changes. */
  good: readonly string[];
  bad: readonly string[];
}

const AGENTS: readonly Agent[] = [
  {
    name: 'the insecticide',
    given: 'exposed to the insecticide',
    groups: ['bees', 'honeybees', 'bumblebee colonies'],
    good: ['foraging', 'colony growth', 'queen production', 'learning', 'survival'],
    bad: ['mortality', 'colony losses', 'disorientation'],
  },
  {
    name: 'the herbicide',
    given: 'exposed to the herbicide',
    groups: ['frogs', 'tadpoles', 'amphibians'],
    good: ['growth', 'survival', 'fertility', 'body mass'],
    bad: ['deformities', 'mortality', 'developmental delays'],
  },
  {
    name: 'the new drug',
    given: 'given the new drug',
    groups: ['patients', 'adults with heart failure', 'elderly patients'],
    good: ['survival', 'kidney function', 'exercise capacity', 'quality of life'],
    bad: ['mortality', 'hospital admissions', 'chest pain', 'relapse rates'],
  },
  {
    name: 'statin therapy',
    given: 'on statin therapy',
    groups: ['patients', 'adults at high cardiovascular risk'],
    good: ['survival', 'arterial function'],
    bad: ['heart attacks', 'strokes', 'cholesterol levels', 'cardiovascular deaths'],
  },
  {
    name: 'the vaccine',
    given: 'who received the vaccine',
    groups: ['children', 'adults', 'health workers'],
    good: ['antibody levels', 'immune responses'],
    bad: ['infections', 'hospitalisations', 'severe illness', 'deaths'],
  },
  {
    name: 'air pollution',
    given: 'exposed to high air pollution',
    groups: ['children', 'city residents', 'older adults'],
    good: ['lung function', 'life expectancy', 'cognitive performance'],
    bad: ['asthma attacks', 'hospital admissions', 'respiratory infections', 'premature deaths'],
  },
  {
    name: 'lead exposure',
    given: 'exposed to lead',
    groups: ['children', 'young children'],
    good: ['IQ scores', 'school performance', 'attention'],
    bad: ['behavioural problems', 'learning difficulties'],
  },
  {
    name: 'heat stress',
    given: 'under heat stress',
    groups: ['dairy cows', 'cattle', 'poultry'],
    good: ['milk yield', 'egg production', 'fertility', 'weight gain'],
    bad: ['mortality', 'disease incidence'],
  },
  {
    name: 'the fertiliser',
    given: 'treated with the fertiliser',
    groups: ['wheat crops', 'maize plots', 'rice paddies'],
    good: ['grain yield', 'root growth', 'crop yields'],
    bad: ['crop losses', 'nitrate runoff'],
  },
  {
    name: 'ocean warming',
    given: 'exposed to warmer water',
    groups: ['corals', 'kelp forests', 'cod stocks'],
    good: ['growth', 'reproduction', 'survival', 'recruitment'],
    bad: ['bleaching', 'mortality', 'disease outbreaks'],
  },
  {
    name: 'the tutoring programme',
    given: 'in the tutoring programme',
    groups: ['pupils', 'students', 'primary school children'],
    good: ['reading scores', 'maths scores', 'attendance', 'graduation rates'],
    bad: ['dropout rates', 'absences', 'grade repetition'],
  },
  {
    name: 'regular exercise',
    given: 'who exercised regularly',
    groups: ['older adults', 'adults', 'office workers'],
    good: ['muscle strength', 'bone density', 'balance', 'mood'],
    bad: ['falls', 'fractures', 'depressive symptoms', 'blood pressure'],
  },
  {
    name: 'a high-sugar diet',
    given: 'fed a high-sugar diet',
    groups: ['mice', 'rats', 'children'],
    good: ['insulin sensitivity', 'dental health'],
    bad: ['tooth decay', 'weight gain', 'fatty liver', 'blood glucose'],
  },
  {
    name: 'noise exposure',
    given: 'exposed to traffic noise',
    groups: ['residents', 'children', 'night-shift workers'],
    good: ['sleep quality', 'concentration', 'reading comprehension'],
    bad: ['blood pressure', 'stress hormone levels', 'sleep disturbances'],
  },
  {
    name: 'the minimum wage increase',
    given: 'affected by the minimum wage increase',
    groups: ['low-paid workers', 'teenage workers'],
    good: ['earnings', 'household income', 'job security'],
    bad: ['poverty rates', 'employment losses', 'debt'],
  },
  {
    name: 'the pesticide ban',
    given: 'after the pesticide ban',
    groups: ['farmland birds', 'pollinators', 'wild bees'],
    good: ['population sizes', 'breeding success', 'species richness'],
    bad: ['population declines', 'nest failures'],
  },
  {
    name: 'deforestation',
    given: 'in deforested areas',
    groups: ['forest birds', 'primates', 'local streams'],
    good: ['biodiversity', 'species richness', 'water quality'],
    bad: ['soil erosion', 'flooding', 'local extinctions'],
  },
  {
    name: 'the antibiotic',
    given: 'treated with the antibiotic',
    groups: ['patients with pneumonia', 'infants', 'patients'],
    good: ['recovery rates', 'survival'],
    bad: ['fever duration', 'treatment failures', 'deaths'],
  },
  {
    name: 'screen time',
    given: 'with more screen time',
    groups: ['teenagers', 'young children', 'adolescents'],
    good: ['sleep duration', 'language development', 'physical fitness'],
    bad: ['anxiety symptoms', 'myopia', 'attention problems'],
  },
  {
    name: 'the wetland restoration',
    given: 'after the wetland restoration',
    groups: ['waterbirds', 'fish populations', 'the river catchment'],
    good: ['bird numbers', 'fish abundance', 'water quality'],
    bad: ['flood damage', 'pollutant levels'],
  },
  {
    name: 'alcohol use',
    given: 'who drank heavily',
    groups: ['adults', 'pregnant women', 'young men'],
    good: ['liver function', 'birth weight', 'memory performance'],
    bad: ['liver disease', 'road injuries', 'cancer risk'],
  },
  {
    name: 'the cholera vaccine campaign',
    given: 'covered by the vaccine campaign',
    groups: ['villages', 'refugee camps'],
    good: ['vaccination coverage', 'school attendance'],
    bad: ['cholera cases', 'diarrhoeal deaths'],
  },
];

/** Changes named up or down; `up` says which way the quantity went. */
const UP = ['increased', 'higher', 'elevated', 'greater'];
const DOWN = ['reduced', 'decreased', 'lower', 'diminished'];
const UP_VERBS = ['increased', 'raised', 'boosted', 'doubled'];
const DOWN_VERBS = ['reduced', 'decreased', 'lowered', 'cut', 'halved'];

const HARM_CLAIMS = [
  '{A} harms {G}.',
  '{A} is harmful to {G}.',
  '{A} is bad for {G}.',
  '{A} damages the health of {G}.',
  '{A} hurts {G}.',
  '{A} has harmful effects on {G}.',
  '{A} is detrimental to {G}.',
];
const BENEFIT_CLAIMS = [
  '{A} benefits {G}.',
  '{A} is good for {G}.',
  '{A} helps {G}.',
  '{A} is beneficial for {G}.',
  '{A} protects {G}.',
  '{A} has positive effects on {G}.',
  '{A} improves outcomes for {G}.',
];
const QUANTITY_HARM = ['{A} impairs {Q} in {G}.', '{A} worsens {Q} in {G}.'];
const QUANTITY_BENEFIT = ['{A} improves {Q} in {G}.', '{A} enhances {Q} in {G}.'];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An evidence sentence reporting that quantity q of group g went up or down with agent a. */
function evidence(r: () => number, a: Agent, g: string, q: string, up: boolean): string {
  const pct = 5 + Math.floor(r() * 60);
  const n = 20 + Math.floor(r() * 900);
  const adj = pick(r, up ? UP : DOWN);
  const verb = pick(r, up ? UP_VERBS : DOWN_VERBS);
  const frames = [
    () => `${cap(g)} ${a.given} showed ${adj} ${q}.`,
    () => `${cap(a.name)} ${verb} ${q} in ${g} by ${pct}%.`,
    () => `Compared with controls, ${g} ${a.given} had ${up ? 'higher' : 'lower'} ${q}.`,
    () =>
      g.startsWith('the ') ? `In ${g}, ${a.name} was associated with ${adj} ${q}.` : `In a study of ${n} ${g}, ${a.name} was associated with ${adj} ${q}.`,
    () => `${cap(q)} was ${pct}% ${up ? 'higher' : 'lower'} among ${g} ${a.given} than among those who were not.`,
    () => `${cap(g)} ${a.given} had ${adj} ${q} over the following ${2 + Math.floor(r() * 10)} years.`,
    () => `Over ${2 + Math.floor(r() * 20)} weeks, ${q} ${up ? 'rose' : 'fell'} by ${pct}% in ${g} ${a.given}.`,
  ];
  return pick(r, frames)();
}

export interface ValencePair {
  claim: string;
  passage: string;
  label: 'supports' | 'refutes' | 'neutral';
  source: 'valence_templates';
}

/**
 * `count` pairs: a third each supporting and refuting a claim of harm or benefit, the rest split between
 * claims about one quantity and neutral pairs (the claim names another group the evidence does not cover).
 */
export function valencePairs(options: { count: number; seed: number }): ValencePair[] {
  const r = seededRandom(options.seed);
  const out: ValencePair[] = [];
  while (out.length < options.count) {
    const a = pick(r, AGENTS);
    const g = pick(r, a.groups);
    const goodQ = r() < 0.5;
    const q = pick(r, goodQ ? a.good : a.bad);
    const up = r() < 0.5;
    // Less of a good thing or more of a bad thing is harm.
    const harm = goodQ !== up;
    const passage = evidence(r, a, g, q, up);
    const kind = r();
    if (kind < 0.7) {
      const claimHarm = r() < 0.5;
      const claim = pick(r, claimHarm ? HARM_CLAIMS : BENEFIT_CLAIMS)
        .replace('{A}', cap(a.name))
        .replace('{G}', g);
      out.push({ claim, passage, label: claimHarm === harm ? 'supports' : 'refutes', source: 'valence_templates' });
    } else if (kind < 0.85 && goodQ) {
      // "impairs memory" against "reduced recall": the quantity named, the direction in other words.
      const claimHarm = r() < 0.5;
      const claim = pick(r, claimHarm ? QUANTITY_HARM : QUANTITY_BENEFIT)
        .replace('{A}', cap(a.name))
        .replace('{Q}', q)
        .replace('{G}', g);
      out.push({ claim, passage, label: claimHarm === harm ? 'supports' : 'refutes', source: 'valence_templates' });
    } else {
      // Another group of another agent: the evidence says nothing about it.
      const other = pick(
        r,
        AGENTS.filter((x) => x !== a && !x.groups.includes(g)),
      );
      const claim = pick(r, r() < 0.5 ? HARM_CLAIMS : BENEFIT_CLAIMS)
        .replace('{A}', cap(a.name))
        .replace('{G}', pick(r, other.groups));
      out.push({ claim, passage, label: 'neutral', source: 'valence_templates' });
    }
  }
  return out;
}
