// A claim's status rationale in words, for every reader (the research report, report.html, the UI's
// claim pages, `lyra verify`): from the axes the engine recorded (evidence E, agreement A, refutation,
// independent sources), in English or Japanese.
import type { ClaimStatus, StatusAxes } from '../core/index.js';
import { CONDITIONED_MIN_AGREEMENT } from '../policy/index.js';

/** The rationale a claim carries when the engine has recorded none (a claim made late in the run). */
export const noRationale = (status: ClaimStatus): string => `${status}: no rationale recorded`;

/** What the words are made from: a claim's status, its axes, conditions and relaxation, as stored or as an artifact holds them. */
export interface RationaleFacts {
  status: ClaimStatus;
  /** The engine's rationale (codes), said when there are no axes. */
  rationale: string;
  axes: StatusAxes | null | undefined;
  conditions: readonly string[];
  relaxation_reason?: string | null | undefined;
  /** A statement someone asked about (`lyra verify`), not a sentence taken from a source: no source of its own to discount. */
  asked?: boolean | undefined;
}

const f2 = (x: number): string => x.toFixed(2);

/**
 * The status rationale in words, from the axes the engine recorded (evidence E, agreement A,
 * refutation, independent sources); the engine's own text when it carries no axes.
 */
export function rationaleInWords(c: RationaleFacts, language: 'en' | 'ja'): string {
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
  // "…が支持している（…）" where a clause continues with が.
  const supportClause = ja ? `独立した${n}ソースが支持している（支持の強さ ${f2(a.evidence)}）` : support;
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
      // Refutation short of REFUTED (or support and refutation with too little agreement) is said too.
      why =
        n === 0
          ? ja
            ? `根拠不足: ${c.asked ? '支持するソースがない' : '抽出元の文のほかに支持するソースがない'}${a.refutation > 0 ? `（${refutation}）` : ''}。`
            : `Unsupported: ${c.asked ? 'no source supports it' : 'no source beyond the one it was taken from supports it'}${a.refutation > 0 ? ` (${refutation})` : ''}.`
          : a.refutation > 0 && a.agreement < CONDITIONED_MIN_AGREEMENT
            ? ja
              ? `根拠不足: ${supportClause}が、${refutation}があり、${agreement}で条件付きに届かない。`
              : `Unsupported: ${support}, but ${refutation} leaves ${agreement}, short of conditioned support.`
            : ja
              ? `根拠不足: ${supportClause}が、条件付きに必要な強さに届かない。`
              : `Unsupported: ${support}, too little for conditioned support.`;
  }
  return c.relaxation_reason ? `${why} ${ja ? '緩和' : 'Relaxed'}: ${c.relaxation_reason}` : why;
}
