// Pieces of the readable report: citations that show a quote once in full and by number after that,
// excerpts of long quotes around the words the claim is about, and claim rationales in words.
import { noRationale } from './status.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import { cite, quote, text, type ReportInline } from '../../report/index.js';
import type { ResearchLanguage } from './language.js';

/** Quotes longer than this (characters) are shown as an excerpt around the words the claim is about. */
export const QUOTE_MAX_CHARS = 400;
/** Length of that excerpt. */
export const QUOTE_EXCERPT_CHARS = 280;

const words = (s: string): Set<string> =>
  new Set(
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{3,}/gu) ?? [],
  );

/**
 * A verbatim excerpt of a long quote: the window of QUOTE_EXCERPT_CHARS holding most of the claim's
 * words, cut at word ends, with "…" where it was cut. Short quotes come back whole.
 */
export function excerpt(quote: string, about: string): { text: string; cut: boolean } {
  if (quote.length <= QUOTE_MAX_CHARS) return { text: quote, cut: false };
  const target = words(about);
  let best = 0;
  let bestScore = -1;
  const step = 20;
  for (let start = 0; start + QUOTE_EXCERPT_CHARS <= quote.length + step; start += step) {
    const w = words(quote.slice(start, start + QUOTE_EXCERPT_CHARS));
    let score = 0;
    for (const x of w) if (target.has(x)) score++;
    if (score > bestScore) {
      best = start;
      bestScore = score;
    }
  }
  let s = Math.max(0, Math.min(best, quote.length - QUOTE_EXCERPT_CHARS));
  let e = Math.min(quote.length, s + QUOTE_EXCERPT_CHARS);
  if (s > 0) s = quote.indexOf(' ', s) + 1 || s;
  if (e < quote.length) e = quote.lastIndexOf(' ', e) > s ? quote.lastIndexOf(' ', e) : e;
  return { text: `${s > 0 ? '…' : ''}${quote.slice(s, e).trim()}${e < quote.length ? '…' : ''}`, cut: true };
}

/** Citation numbers in order of first use; one number per (source, quote); a quote is shown in full once. */
export class Citations {
  readonly list: EvidenceItemArtifact[] = [];
  /** Numbers whose quote the report showed as an excerpt: References give them in full. */
  readonly excerpted = new Set<number>();
  private readonly index = new Map<string, number>();

  number(e: Pick<EvidenceItemArtifact, 'url' | 'quote'> & Partial<EvidenceItemArtifact>, full?: EvidenceItemArtifact): { n: number; first: boolean } {
    const key = `${e.url}\u0000${e.quote}`;
    const n = this.index.get(key);
    if (n !== undefined) return { n, first: false };
    this.list.push(full ?? (e as EvidenceItemArtifact));
    this.index.set(key, this.list.length);
    return { n: this.list.length, first: true };
  }

  /** The quote in full (or as an excerpt) with its number the first time; the number alone after that. */
  cite(e: EvidenceItemArtifact, about: string, quotedAbove: string): ReportInline[] {
    const { n, first } = this.number(e, e);
    if (!first) return [cite(n), text(` (${quotedAbove})`)];
    const x = excerpt(e.quote, about);
    if (x.cut) this.excerpted.add(n);
    return [quote(x.text), text(' '), cite(n)];
  }
}

const f2 = (x: number): string => x.toFixed(2);

/**
 * The status rationale in words, from the axes the engine recorded (evidence E, agreement A,
 * refutation, independent sources); the engine's own text when it carries no axes.
 */
export function rationaleInWords(
  c: Pick<VerifiedClaimItem, 'status' | 'rationale' | 'axes' | 'conditions' | 'relaxation_reason'>,
  language: ResearchLanguage,
): string {
  const a = c.axes;
  const ja = language === 'ja';
  if (!a) {
    // A claim the graph has not judged yet (made late in the run) carries no axes: say so, not its code.
    return c.rationale === noRationale(c.status)
      ? ja
        ? 'まだ判定されていない（判定理由の記録なし）。'
        : 'Not judged yet: no evidence was weighed for it.'
      : c.rationale;
  }
  const n = a.independentSupport;
  const support = ja
    ? `独立した${n}ソースが支持（支持の強さ ${f2(a.evidence)}）`
    : `${n} independent source${n === 1 ? '' : 's'} support${n === 1 ? 's' : ''} it (strength ${f2(a.evidence)})`;
  const refutation =
    a.refutation > 0 ? (ja ? `反証の強さ ${f2(a.refutation)}` : `refutation strength ${f2(a.refutation)}`) : ja ? '反証なし' : 'nothing refutes it';
  const agreement = ja ? `一致度 ${f2(a.agreement)}` : `agreement ${f2(a.agreement)}`;
  let why: string;
  switch (c.status) {
    case 'VERIFIED':
      why = ja ? `検証済み: ${support}、${refutation}、${agreement}。` : `Verified: ${support}, ${refutation}, ${agreement}.`;
      break;
    case 'CONDITIONED':
      why = ja
        ? `条件付き: ${support}、${refutation}。検証済みに足りない点: ${c.conditions.join('、')}。`
        : `Supported with conditions: ${support}, ${refutation}; short of verified on ${c.conditions.join('; ')}.`;
      break;
    case 'CONTESTED':
      why = a.contestedByHighTrust
        ? ja
          ? '係争中: 信頼度の高いソース同士が対立している。'
          : 'Contested: high-trust sources contradict each other.'
        : ja
          ? `係争中: ${support}、一方で${refutation}（どちらも大きい）。`
          : `Contested: ${support}, but ${refutation} — both sides substantial.`;
      break;
    case 'REFUTED':
      why = ja ? `反証済み: ${refutation}に対し${agreement}。` : `Refuted: ${refutation} against ${agreement}.`;
      break;
    default:
      why =
        n === 0
          ? ja
            ? '根拠不足: 抽出元の文のほかに支持するソースがない。'
            : 'Unsupported: no source beyond the one it was taken from supports it.'
          : ja
            ? `根拠不足: ${support}が、条件付きに必要な強さに届かない。`
            : `Unsupported: ${support}, too little for conditioned support.`;
  }
  return c.relaxation_reason ? `${why} ${ja ? '緩和' : 'Relaxed'}: ${c.relaxation_reason}` : why;
}
