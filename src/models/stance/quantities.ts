// Numbers with what they measure. "A different number on an aligned quantity" contradicts a claim
// ("reduced infections by 50 %" / "by 5 %"); a number the sentence simply does not mention does not
// ("every 4–7 years, El Niño bleaches reefs, as in 1998 and 2010" / "bleaching in 1998 and 2010 came
// with El Niño" — the sentence has no frequency to disagree with). So each number gets a kind (year,
// percent, count) and a unit (the first content word after it), and only numbers of the same kind and
// unit are compared.
import type { Token } from '../../extract/index.js';

export type QuantityKind = 'year' | 'percent' | 'count';

export interface Quantity {
  /** Index of the number's token. */
  index: number;
  value: number;
  kind: QuantityKind;
  /** Stem of the word the number counts ("patient", "year", "ppm"), when one follows within 3 tokens. */
  unit?: string;
}

/** Relative tolerance when two numbers are the same quantity ("50 %" ~ "49.6 %"). */
export const QUANTITY_TOLERANCE = 0.05;

const PERCENT_WORDS = new Set(['%', 'percent', 'per', 'percentage', 'pct']);
// Words that may stand between a number and its unit: "4–7 years", "2 to 3 times", "5 more cases".
const BRIDGE = new Set(['–', '-', '—', 'to', 'and', 'or', 'more', 'fewer', 'less', 'million', 'billion', 'thousand', 'hundred']);
const YEAR_CONTEXT = new Set([
  'in',
  'since',
  'by',
  'from',
  'until',
  'till',
  'of',
  'during',
  'before',
  'after',
  'around',
  'circa',
  'year',
  'between',
  'and',
  'to',
  'through',
]);

export function sameQuantityValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= QUANTITY_TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1e-9);
}

export function quantitiesOf(tokens: readonly Token[]): Quantity[] {
  const out: Quantity[] = [];
  tokens.forEach((t, i) => {
    if (t.value === undefined) return;
    let unit: string | undefined;
    let percent = false;
    for (let k = i + 1; k < Math.min(tokens.length, i + 4); k++) {
      const n = tokens[k]!;
      if (PERCENT_WORDS.has(n.word)) {
        percent = true;
        break;
      }
      if (n.value !== undefined || BRIDGE.has(n.word)) continue;
      if (/[a-z]/.test(n.word) && !n.stop) unit = n.stem;
      break;
    }
    const prev = tokens[i - 1]?.word;
    const yearLike = Number.isInteger(t.value) && t.value >= 1800 && t.value <= 2100 && /^\d{4}$/.test(t.word);
    const kind: QuantityKind = percent ? 'percent' : yearLike && (unit === undefined || (prev !== undefined && YEAR_CONTEXT.has(prev))) ? 'year' : 'count';
    out.push({ index: i, value: t.value, kind, ...(kind === 'count' && unit ? { unit } : {}) });
  });
  return out;
}

/** True when `other` has a quantity of q's kind and unit (the same thing measured). */
export function hasAlignedQuantity(q: Quantity, other: readonly Quantity[]): boolean {
  return other.some((o) => o.kind === q.kind && o.unit === q.unit);
}

/** True when q is measured in `other` and no value there matches: a different number on an aligned quantity. */
export function contradictsQuantity(q: Quantity, other: readonly Quantity[]): boolean {
  const aligned = other.filter((o) => o.kind === q.kind && o.unit === q.unit);
  return aligned.length > 0 && !aligned.some((o) => sameQuantityValue(o.value, q.value));
}
