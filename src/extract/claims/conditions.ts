// The numeric conditions a statement sets on what it is about: how long an exposure lasts ("more than one
// hour of screen reading", "for at least 30 minutes"), how much is taken ("four or more cups of coffee per
// day", "200 mg a day") and how old the people are ("Among teenagers aged 13 to 18", "adults over 30").
// Two statements whose conditions on the same quantity do not overlap speak of different situations:
// "Reading on screens for less than 30 minutes showed no effect on sleep" neither
// refutes nor supports "Participants who read on screens for at least 30 minutes had worse sleep" — the
// classic false conflict of evidence synthesis (a subgroup or dose read as a contradiction).
//
// Read only in the subject and the scope (slots.ts): that is where a statement says what it is about. A
// number in the object is a finding ("took 10 minutes longer to fall asleep", "reduced by more than 50 %"),
// and findings that differ are exactly what a refutation is. English only; nothing is read from a
// statement without a recognised bound, so the check only ever removes a link, never adds one.
import type { TextLanguage } from '../language.js';
import { WORD_NUMBERS } from '../words/tokens.js';
import { extractSlots } from './slots.js';

export type ConditionQuantity = 'duration' | 'age' | 'dose';

/** A closed or open interval on one quantity, in minutes (duration), years (age) or units a day (dose). */
export interface NumericCondition {
  quantity: ConditionQuantity;
  /** A dose's unit ("cup", "mg"): doses in different units are never compared. */
  unit?: string;
  low: number;
  high: number;
  /** The bound itself is excluded ("less than 30": high 30, highOpen). */
  lowOpen: boolean;
  highOpen: boolean;
}

/** A count: digits, or a number word up to fifty ("one hour", "thirty minutes"). */
const NUM = String.raw`(\d+(?:\.\d+)?|${Object.keys(WORD_NUMBERS)
  .filter((w) => WORD_NUMBERS[w]! >= 1 && WORD_NUMBERS[w]! <= 50 && Number.isInteger(WORD_NUMBERS[w]))
  .join('|')})`;
const UNIT = String.raw`(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?)`;
const MINUTES: ReadonlyArray<[RegExp, number]> = [
  [/^s/, 1 / 60],
  [/^mi/, 1],
  [/^h/, 60],
  [/^d/, 60 * 24],
  [/^w/, 60 * 24 * 7],
  [/^mo/, 60 * 24 * 30],
  [/^y/, 60 * 24 * 365],
];
const UPPER = String.raw`(less than|fewer than|shorter than|younger than|under|below|up to|at most|no more than)`;
/** A bound read as written is an upper one ("under", "at most"). */
const UPPER_BOUND_RE = new RegExp(`^${UPPER}$`, 'i');
const LOWER = String.raw`(more than|longer than|greater than|older than|over|above|at least|exceeding|no less than)`;
const OPEN_BOUNDS = new Set([
  'less than',
  'fewer than',
  'shorter than',
  'younger than',
  'under',
  'below',
  'more than',
  'longer than',
  'greater than',
  'older than',
  'over',
  'above',
  'exceeding',
]);
/** Who a bound without a unit is about: "adults over 30" is an age. */
const PEOPLE = String.raw`(?:adults|people|patients|participants|children|adolescents|teenagers|teens|women|men|individuals|persons|subjects|aged|ages?)`;

const BOUND_UNIT_RE = new RegExp(String.raw`\b(?:${UPPER}|${LOWER})\s+${NUM}\s+${UNIT}\b`, 'gi');
const RANGE_UNIT_RE = new RegExp(String.raw`\b(?:between\s+)?${NUM}\s*(?:to|–|-|and)\s*${NUM}\s+${UNIT}\b`, 'gi');
const OR_MORE_RE = new RegExp(String.raw`\b${NUM}\s+${UNIT}\s+or\s+(more|longer|less|fewer|shorter)\b`, 'gi');
const AGE_RANGE_RE = new RegExp(String.raw`\b(?:aged|ages?)\s+(?:between\s+)?${NUM}\s*(?:to|–|-|and)\s*${NUM}\b`, 'gi');
const AGE_BOUND_RE = new RegExp(
  String.raw`\b${PEOPLE}\s+(?:${UPPER}|${LOWER})\s+(?:the\s+age\s+of\s+)?${NUM}(?![\d.])(?!\s*(?:%|(?:percent|seconds?|minutes?|hours?|days?|weeks?|months?)\b))`,
  'gi',
);

/** What a dose is counted in, and the period it is taken over: "four or more cups of coffee per day", "200 mg a day". */
const DOSE_UNIT = String.raw`(cups?|glass(?:es)?|servings?|drinks?|portions?|tablets?|pills?|capsules?|cigarettes?|units?|espressos?|mg|g|mcg|µg|ml|iu)`;
const PER_PERIOD = String.raw`(?:a|per|each|every)\s+(day|week|month)`;
const DOSE_RE = new RegExp(
  String.raw`\b(?:${UPPER}\s+|${LOWER}\s+)?${NUM}(?:\s*(?:to|or|–|-)\s*${NUM})?(?:\s+or\s+(more|fewer|less))?\s*${DOSE_UNIT}(?:\s+of\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)?\s+${PER_PERIOD}\b`,
  'giu',
);
const PER_DAY: Readonly<Record<string, number>> = { day: 1, week: 1 / 7, month: 1 / 30 };
/** "cups" and "cup" are one unit; so are "glass" and "glasses". */
const doseUnit = (u: string): string =>
  u
    .toLowerCase()
    .replace(/^glasses$/, 'glass')
    .replace(/([^s])s$/, '$1')
    .replace(/^µg$/, 'mcg');

const num = (s: string): number => WORD_NUMBERS[s.toLowerCase()] ?? Number(s);
const minutesOf = (unit: string): number => MINUTES.find(([re]) => re.test(unit.toLowerCase()))?.[1] ?? Number.NaN;

function bounded(quantity: ConditionQuantity, bound: string, n: number): NumericCondition {
  const b = bound.toLowerCase();
  const open = OPEN_BOUNDS.has(b);
  return UPPER_BOUND_RE.test(b)
    ? { quantity, low: 0, high: n, lowOpen: false, highOpen: open }
    : { quantity, low: n, high: Number.POSITIVE_INFINITY, lowOpen: open, highOpen: true };
}

/** The numeric conditions written in `text` (a subject, a scope): durations in minutes, ages in years, doses a day. */
export function conditionsIn(text: string): NumericCondition[] {
  const out: NumericCondition[] = [];
  let rest = text;
  // Ages first, so that "aged 13 to 18" is not read again as a range of some other quantity.
  for (const m of text.matchAll(AGE_RANGE_RE)) {
    out.push({ quantity: 'age', low: num(m[1]!), high: num(m[2]!), lowOpen: false, highOpen: false });
    rest = rest.replace(m[0], ' ');
  }
  for (const m of text.matchAll(AGE_BOUND_RE)) {
    out.push(bounded('age', m[1] ?? m[2]!, num(m[3]!)));
    rest = rest.replace(m[0], ' ');
  }
  // Doses next, so that "per day" is not read as a duration.
  for (const m of rest.matchAll(DOSE_RE)) {
    const [, upper, lower, a, b, orMore, unit, period] = m;
    const k = PER_DAY[period!.toLowerCase()]!;
    const x = num(a!) * k;
    const condition: NumericCondition =
      b !== undefined
        ? { quantity: 'dose', low: x, high: num(b) * k, lowOpen: false, highOpen: false }
        : orMore !== undefined
          ? /more/i.test(orMore)
            ? { quantity: 'dose', low: x, high: Number.POSITIVE_INFINITY, lowOpen: false, highOpen: true }
            : { quantity: 'dose', low: 0, high: x, lowOpen: false, highOpen: false }
          : upper !== undefined || lower !== undefined
            ? bounded('dose', (upper ?? lower)!, x)
            : { quantity: 'dose', low: x, high: x, lowOpen: false, highOpen: false };
    out.push({ ...condition, unit: doseUnit(unit!) });
    rest = rest.replace(m[0], ' ');
  }
  for (const m of rest.matchAll(BOUND_UNIT_RE)) {
    const k = minutesOf(m[4]!);
    if (Number.isFinite(k)) out.push(bounded('duration', m[1] ?? m[2]!, num(m[3]!) * k));
  }
  for (const m of rest.matchAll(RANGE_UNIT_RE)) {
    const k = minutesOf(m[3]!);
    if (Number.isFinite(k)) out.push({ quantity: 'duration', low: num(m[1]!) * k, high: num(m[2]!) * k, lowOpen: false, highOpen: false });
  }
  for (const m of rest.matchAll(OR_MORE_RE)) {
    const k = minutesOf(m[2]!);
    if (!Number.isFinite(k)) continue;
    const n = num(m[1]!) * k;
    out.push(
      /more|longer/i.test(m[3]!)
        ? { quantity: 'duration', low: n, high: Number.POSITIVE_INFINITY, lowOpen: false, highOpen: true }
        : { quantity: 'duration', low: 0, high: n, lowOpen: false, highOpen: false },
    );
  }
  return out.filter((c) => Number.isFinite(c.low) && !Number.isNaN(c.high) && c.low <= c.high);
}

/** The conditions a statement sets on what it is about: those written in its subject and its scope. */
export function statementConditions(statement: string, language: TextLanguage = 'en'): NumericCondition[] {
  if (language !== 'en') return [];
  const { slots, scope } = extractSlots(statement, language);
  // A statement the tagger finds no verb in ("Reading on screens for under 30 minutes before bed delays
  // sleep", "delays" read as a noun) has no subject to read: its conditions are read in the whole text.
  if (slots.predicate === undefined) return conditionsIn(statement);
  return [...conditionsIn(slots.subject ?? ''), ...conditionsIn(scope ?? '')];
}

function apart(a: NumericCondition, b: NumericCondition): boolean {
  const below = (x: NumericCondition, y: NumericCondition): boolean => x.high < y.low || (x.high === y.low && (x.highOpen || y.lowOpen));
  return below(a, b) || below(b, a);
}

/**
 * Whether two sets of conditions describe different situations: on some quantity both state, no
 * condition of one overlaps any of the other ("under 30 minutes" against "more than one hour").
 */
export function conditionsDisjoint(a: readonly NumericCondition[], b: readonly NumericCondition[]): boolean {
  const key = (c: NumericCondition): string => `${c.quantity}:${c.unit ?? ''}`;
  for (const k of new Set(a.map(key))) {
    const x = a.filter((c) => key(c) === k);
    const y = b.filter((c) => key(c) === k);
    if (y.length > 0 && x.every((c) => y.every((d) => apart(c, d)))) return true;
  }
  return false;
}
