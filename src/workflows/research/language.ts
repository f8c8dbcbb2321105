// Report and search-log wording in the two languages Lyra writes (DESIGN.md: reports are written in
// the language of the question). Quotes stay in their source's language.
import { insufficientCase, verdictConfidenceText, type ClaimStatus, type ShownVerdictInput } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';
import { CONFIDENCE_LABEL_JA } from '../answer/index.js';

export const RESEARCH_LANGUAGES = ['ja', 'en'] as const;
export type ResearchLanguage = (typeof RESEARCH_LANGUAGES)[number];

export function questionLanguage(question: string): ResearchLanguage {
  return detectLanguage(question);
}

export const STATUS_ORDER: readonly ClaimStatus[] = ['VERIFIED', 'CONDITIONED', 'CONTESTED', 'REFUTED', 'UNSUPPORTED'];

/** What the answer's "what would change it" is said from (core/format insufficientCase decides which case it is). */
export interface AnswerFacts {
  /** Passages the stance model judged for the proposition. */
  judged: number;
  /** Of those, the ones it called supporting or refuting, counted for the verdict or not. */
  passedByJudge: number;
  /** Independent sources counted for the verdict, for and against. */
  supporting: number;
  refuting: number;
  /** An open question: answered by its relevant claims, no proposition judged. */
  openQuestion: boolean;
}

interface Strings {
  reportTitle: string;
  run: string;
  searches: (n: number) => string;
  method: string;
  summary: string;
  relevantClaims: (n: number, counts: string) => string;
  /** The subject read through the kinds the sources name (workflows/answer/subject-kinds.ts): "kinds (of class); …". */
  subjectKinds: (kinds: string) => string;
  majorChecked: (n: number, of: number) => string;
  sourcesUsed: (n: number) => string;
  deepStopped: (rounds: number, why: string, coverage: string) => string;
  statusHeading: Readonly<Record<ClaimStatus, string>>;
  statusNone: string;
  statusLine: string;
  confidence: string;
  decisionRelevance: string;
  major: string;
  relaxed: string;
  rationale: string;
  conditions: string;
  statedIn: string;
  supports: string;
  refutes: string;
  supportingSide: string;
  refutingSide: string;
  contestedWith: string;
  noEvidence: string;
  moreClaims: (shown: number, total: number, file: string) => string;
  nearestClaims: string;
  nearestClaimsNote: (shown: number, total: number, cut: number, file: string) => string;
  relevanceLabel: string;
  perspectives: string;
  perspectiveTable: readonly string[];
  gapOpen: string;
  gapClosed: string;
  gapExhausted: string;
  noGap: string;
  limitations: string;
  openGaps: string;
  failedQueries: string;
  skippedQueries: string;
  warnings: string;
  unverifiedMajors: string;
  noLimitations: string;
  trustNote: (levels: string) => string;
  /** Beside trustNote when documents of the user's own corpora are UNVERIFIED: how to vouch for them. */
  corpusTrustHint: (corpora: readonly string[]) => string;
  references: string;
  locator: string;
  logTitle: string;
  logRun: (start: string, end: string, n: number, method: string) => string;
  logSummary: string;
  logColumns: readonly string[];
  logStats: string;
  logTotal: (n: number) => string;
  logSent: (n: number) => string;
  logUnique: (n: number) => string;
  logErrorsCount: (n: number) => string;
  logErrors: string;
  logNoErrors: string;
  logResumed: string;
  genreGap: string;
  genreCore: string;
  /** A WIDE search of the question with its subject named otherwise ("ascorbic acid" for "vitamin C"). */
  genreOtherName: string;
  genreRefute: Readonly<Record<'negation' | 'exceptions' | 'critique', string>>;
  scopeUnqualified: string;
  stanceLanguage: (n: number) => string;
  answer: string;
  verdictLabel: Readonly<Record<'supported' | 'refuted' | 'mixed' | 'insufficient evidence', string>>;
  proposition: string;
  forSide: string;
  againstSide: string;
  closestSide: string;
  /** A relevant claim that no other source's passage supports or refutes: before its closest passage. */
  closestOne: string;
  closestLean: (leans: 'supports' | 'refutes', p: string) => string;
  unconfirmedSide: string;
  unconfirmedNote: (status: string, relevance: string) => string;
  /** A quote judged against the proposition in its subject's other name. */
  readAs: (statement: string) => string;
  /** A quote that states part of the claim, not all of it (the evidence item's `part`). */
  statesPart: string;
  confidenceLine: (confidence: string, label: 'high' | 'medium' | 'low', change: string) => string;
  /** With "insufficient evidence": no confidence figure (it would read "1.00 (high)"), what was searched and judged instead (core/format verdictConfidenceText). */
  noFigureLine: (shown: ShownVerdictInput, change: string) => string;
  answerBasis: (o: {
    method: 'proposition_judged' | 'relevant_claims' | 'none';
    verdict: string;
    judged: number;
    supporting: number;
    refuting: number;
    relevant: number;
    sources: readonly string[];
    failed?: string;
  }) => string;
  /** What would change the verdict, from what was judged (see AnswerFacts). */
  answerChange: (verdict: 'supported' | 'refuted' | 'mixed' | 'insufficient evidence', facts: AnswerFacts) => string;
  proseHeading: string;
  proseRemoved: string;
  proseNoQuote: string;
  proseNotSupported: (judgement: string) => string;
  about: (subject: string) => string;
  quotedAbove: string;
  sourcesSearched: (sources: string) => string;
}

export const STRINGS: Readonly<Record<ResearchLanguage, Strings>> = {
  en: {
    reportTitle: 'Research report',
    run: 'Run',
    searches: (n) => `${n} searches`,
    method: 'lyra research (autonomous claim-centric workflow, seed 001)',
    summary: 'Summary',
    relevantClaims: (n, counts) => `Claims relevant to the question: ${n} (${counts}).`,
    subjectKinds: (kinds) => `The subject was also read through the kinds its sources name, so claims about them count as relevant: ${kinds}.`,
    majorChecked: (n, of) => `Major claims checked with refutation searches: ${n} of ${of}.`,
    sourcesUsed: (n) => `Sources registered: ${n}.`,
    deepStopped: (rounds, why, coverage) => `DEEP ran ${rounds} round(s) and stopped: ${why}${why.includes('%') ? '' : ` (gap coverage ${coverage})`}.`,
    statusHeading: {
      VERIFIED: 'Verified claims',
      CONDITIONED: 'Conditioned claims',
      CONTESTED: 'Contested claims',
      REFUTED: 'Refuted claims',
      UNSUPPORTED: 'Unsupported claims',
    },
    statusNone: 'None.',
    statusLine: 'Status',
    confidence: 'confidence',
    decisionRelevance: 'decision relevance',
    major: 'major claim',
    relaxed: 'relaxed',
    rationale: 'Rationale',
    conditions: 'Conditions',
    statedIn: 'Stated in',
    supports: 'Supports',
    refutes: 'Refutes',
    supportingSide: 'Supporting side',
    refutingSide: 'Refuting side',
    contestedWith: 'Contradicted by',
    noEvidence: 'no further evidence found',
    moreClaims: (shown, total, file) => `${shown} of ${total} shown (most relevant first); all are in ${file}.`,
    nearestClaims: 'Nearest claims (under the relevance cut)',
    nearestClaimsNote: (shown, total, cut, file) =>
      `No claim reached relevance ${cut}, so none is reported under the statuses below. These ${shown} of the ${total} claims with some relevance are the nearest to the question; Lyra can miss a claim that says it in other words, so read them yourself. All are in ${file}.`,
    relevanceLabel: 'relevance',
    perspectives: 'Coverage by perspective',
    perspectiveTable: ['Perspective', 'Searches', 'New pages', 'Claims found', 'Gap'],
    gapOpen: 'open',
    gapClosed: 'closed',
    gapExhausted: 'open (queries exhausted)',
    noGap: '—',
    limitations: 'Limitations',
    openGaps: 'Gaps left open',
    failedQueries: 'Failed queries',
    skippedQueries: 'Searches not run',
    warnings: 'Warnings',
    unverifiedMajors: 'Major claims without a refutation search',
    noLimitations: 'None recorded.',
    trustNote: (levels) =>
      `Trust levels of the sources: ${levels}. Statuses weigh evidence by trust; claims resting on low-trust sources alone cannot reach VERIFIED without corroboration.`,
    corpusTrustHint: (corpora) =>
      `Documents of corpus ${corpora.join(', ')} are UNVERIFIED, the level of a document added without a trust level. If you vouch for them, lyra corpus add <paths> --corpus ${corpora.length === 1 ? corpora[0] : '<name>'} --trust-level academic (or primary, government, trusted) sets the level, and the next run weighs them at it.`,
    references: 'References',
    locator: 'locator',
    logTitle: 'Search log',
    logRun: (start, end, n, method) => `> Run: ${start}–${end} | ${n} searches in total | ${method}`,
    logSummary: 'Search summary',
    logColumns: ['#', 'Phase', 'Genre', 'Query', 'Main sources', 'Results'],
    logStats: 'Statistics',
    logTotal: (n) => `- Total searches: ${n}`,
    logSent: (n) => `- Queries sent (expansions included): ${n}`,
    logUnique: (n) => `- Unique sources: ${n}`,
    logErrorsCount: (n) => `- Errors: ${n}`,
    logErrors: 'Errors',
    logNoErrors: 'None.',
    logResumed: 'finished after a resume',
    genreGap: 'gap',
    genreCore: 'the question itself',
    genreOtherName: 'the question, its subject named otherwise',
    genreRefute: { negation: 'refutation: negated claim', exceptions: 'refutation: exceptions', critique: 'refutation: critique' },
    scopeUnqualified: 'unqualified (the source states no scope)',
    stanceLanguage: (n) =>
      `The embedded stance model reads English and Japanese: ${n} search(es) failed at the stance step on claims in another language, which carry only the sentence they were taken from, without supporting or refuting evidence. Set models.stance.backend to transformers or llm to judge them.`,
    answer: 'Answer',
    verdictLabel: { supported: 'Supported', refuted: 'Refuted', mixed: 'Mixed', 'insufficient evidence': 'Insufficient evidence' },
    proposition: 'Proposition judged',
    forSide: 'For',
    againstSide: 'Against',
    closestSide: 'Closest passages (the judge left them neutral: read them yourself)',
    closestOne: "No other source's passage passed the judge's bar; the closest read (left neutral: read it yourself)",
    closestLean: (leans, p) => `neutral; leans to ${leans === 'supports' ? 'supporting' : 'refuting'}, p ${p}`,
    unconfirmedSide: 'Most relevant claims, each stated by one source that no other confirmed (read them yourself)',
    unconfirmedNote: (status, relevance) => `${status}, relevance ${relevance}`,
    readAs: (statement) => `judged as “${statement}”`,
    statesPart: 'states part of the claim',
    confidenceLine: (confidence, label, change) => `Confidence ${confidence} (${label}). ${change}`,
    noFigureLine: (shown, change) => `No confidence figure: ${verdictConfidenceText(shown)}. ${change}`,
    answerBasis: (o) => {
      const where = `Sources searched: ${o.sources.join(', ')}.`;
      if (o.method === 'none')
        return `No claim or passage relevant to the question was found. ${where}${o.failed ? ` The proposition's check did not run: ${o.failed}.` : ''}`;
      if (o.method === 'relevant_claims')
        return `An open question: answered by its ${o.relevant} relevant claim(s); ${o.supporting} source(s) back supported claims, ${o.refuting} refuted ones. ${where}`;
      return `${o.judged} passage(s) most relevant to the proposition were judged by the stance model; ${o.supporting} independent source(s) support it and ${o.refuting} refute it among those relevant to the question; ${o.relevant} relevant claim(s) in all.${o.failed ? ` The proposition's check did not run: ${o.failed}.` : ''} ${where}`;
    },
    answerChange: (v, f) =>
      v === 'insufficient evidence'
        ? {
            open_question: 'More sources, or sources of higher trust, backing or refuting the relevant claims would answer it.',
            both_ways:
              "Evidence that settles it, from more independent sources or sources of higher trust on either side, would change it: the passages that passed the judge's bar point both ways.",
            too_little:
              "More independent sources, or sources of higher trust, stating the proposition or its opposite would change it: the passages that passed the judge's bar are too few, or from sources too low in trust, for a verdict.",
            not_counted: `A source that states the proposition or its opposite would change it. ${f.passedByJudge} of the ${f.judged} judged passage(s) passed the judge's bar but none was counted: each does not name the question's subject, comes from a BLOCKED source, or leans on the sentence before it.`,
            none_passed: `A source that states the proposition or its opposite would change it. None of the ${f.judged} judged passage(s) passed the judge's bar: a precision-first judge leaves many related passages neutral, so read the sources before taking the evidence to be absent.`,
            nothing_judged: 'A source that states the proposition or its opposite, found with a larger budget or other sources, would change it.',
          }[insufficientCase(f)]
        : {
            supported: 'A source of higher trust refuting the proposition, or a relevant passage the search did not reach, would change it.',
            refuted: 'A source of higher trust supporting the proposition, or a relevant passage the search did not reach, would change it.',
            mixed: 'Evidence from sources of higher trust on either side would settle it.',
          }[v],
    proseHeading: 'In prose',
    proseRemoved: 'Removed as unsupported',
    proseNoQuote: 'cites no quote',
    proseNotSupported: (j) => `its quotes do not support it (stance: ${j})`,
    about: (subject) => ` about ${subject}`,
    quotedAbove: 'quoted above',
    sourcesSearched: (sources) => `Sources searched: ${sources}.`,
  },
  ja: {
    reportTitle: 'リサーチレポート',
    run: '実行',
    searches: (n) => `検索${n}回`,
    method: 'lyra research（Claim中心の自律ワークフロー、seed 001）',
    summary: '概要',
    relevantClaims: (n, counts) => `質問に関係するClaim: ${n}件（${counts}）。`,
    subjectKinds: (kinds) => `主題はソースが挙げるその種類でも読み、それらについてのClaimも関係するものとした: ${kinds}。`,
    majorChecked: (n, of) => `反証探索を行った主要Claim: ${of}件中${n}件。`,
    sourcesUsed: (n) => `登録したソース: ${n}件。`,
    deepStopped: (rounds, why, coverage) => `DEEPは${rounds}ラウンドで終了: ${why}${why.includes('%') ? '' : `（ギャップ閉鎖率 ${coverage}）`}。`,
    statusHeading: {
      VERIFIED: '検証済み（VERIFIED）',
      CONDITIONED: '条件付き（CONDITIONED）',
      CONTESTED: '係争中（CONTESTED）',
      REFUTED: '反証済み（REFUTED）',
      UNSUPPORTED: '根拠不足（UNSUPPORTED）',
    },
    statusNone: 'なし。',
    statusLine: 'ステータス',
    confidence: '確信度',
    decisionRelevance: '意思決定への関連度',
    major: '主要Claim',
    relaxed: '緩和あり',
    rationale: '判定理由',
    conditions: '条件',
    statedIn: '出典',
    supports: '支持',
    refutes: '反証',
    supportingSide: '支持側',
    refutingSide: '反証側',
    contestedWith: '対立するClaim',
    noEvidence: '追加の証拠は見つからず',
    moreClaims: (shown, total, file) => `${total}件中${shown}件を関連度順に表示。全件は ${file} にあります。`,
    nearestClaims: '質問に最も近いClaim（関連度の基準未満）',
    nearestClaimsNote: (shown, total, cut, file) =>
      `関連度${cut}に達したClaimがないため、下のステータス別の節には何も報告していません。関連度が0を超える${total}件のうち質問に最も近い${shown}件を示します。Lyraは別の言葉で述べたClaimを見落とすことがあります。ご自身でお読みください。全件は ${file} にあります。`,
    relevanceLabel: '関連度',
    perspectives: '視点別のカバレッジ',
    perspectiveTable: ['視点', '検索数', '新規ページ', '得られたClaim', 'ギャップ'],
    gapOpen: '未閉鎖',
    gapClosed: '閉鎖',
    gapExhausted: '未閉鎖（検索上限）',
    noGap: '—',
    limitations: '制約・限界',
    openGaps: '残ったギャップ',
    failedQueries: '失敗した検索',
    skippedQueries: '実行しなかった検索',
    warnings: '警告',
    unverifiedMajors: '反証探索をしていない主要Claim',
    noLimitations: '記録なし。',
    trustNote: (levels) =>
      `ソースの信頼レベル: ${levels}。ステータスは信頼度で重み付けした証拠で判定しており、低信頼ソースのみに基づくClaimは裏付けなしにVERIFIEDになりません。`,
    corpusTrustHint: (corpora) =>
      `コーパス ${corpora.join('、')} の文書は UNVERIFIED です（信頼レベルを指定せずに追加した文書の既定値）。内容を保証できるなら lyra corpus add <パス> --corpus ${corpora.length === 1 ? corpora[0] : '<名前>'} --trust-level academic（または primary、government、trusted）で設定でき、次の実行からその信頼レベルで重み付けされます。`,
    references: '参考文献',
    locator: '位置',
    logTitle: '検索ログ',
    logRun: (start, end, n, method) => `> 実行: ${start}〜${end} | 合計${n}回検索 | ${method}`,
    logSummary: '検索サマリー',
    logColumns: ['#', 'Phase', 'ジャンル', 'クエリ', '主要参照ソース', '参照件数'],
    logStats: '統計',
    logTotal: (n) => `- 総検索回数: ${n}回`,
    logSent: (n) => `- 送信クエリ数（展開を含む）: ${n}回`,
    logUnique: (n) => `- ユニーク参照ソース: ${n}件`,
    logErrorsCount: (n) => `- エラー: ${n}件`,
    logErrors: 'エラー',
    logNoErrors: 'なし。',
    logResumed: '再開後に完了',
    genreGap: 'ギャップ',
    genreCore: '質問そのもの',
    genreOtherName: '主題を別名にした質問',
    genreRefute: { negation: '反証: Claim反転', exceptions: '反証: 例外探索', critique: '反証: 批判語彙' },
    scopeUnqualified: '限定なし（出典に範囲の記載なし）',
    stanceLanguage: (n) =>
      `組み込みのスタンス判定モデルは英語と日本語に対応しています。それ以外の言語のClaimで${n}件の検索がスタンス判定の段階で失敗し、それらのClaimには抽出元の文だけが付き、支持・反証の証拠はありません。判定するには models.stance.backend を transformers または llm に設定してください。`,
    answer: '回答',
    verdictLabel: { supported: '支持される', refuted: '反証される', mixed: '賛否が分かれる', 'insufficient evidence': '証拠不十分' },
    proposition: '判定した命題',
    forSide: '支持',
    againstSide: '反証',
    closestSide: '最も近い文（判定モデルは中立と判定。ご自身で読んでください）',
    closestOne: '他のソースの文はどれも判定の基準に届かず。最も近い文（中立と判定。ご自身で読んでください）',
    closestLean: (leans, p) => `中立（${leans === 'supports' ? '支持' : '反証'}寄り p ${p}）`,
    unconfirmedSide: '関連度の高い主張（それぞれ一つの情報源が述べ、他の情報源による確認なし。ご自身で読んでください）',
    unconfirmedNote: (status, relevance) => `${status}、関連度 ${relevance}`,
    readAs: (statement) => `「${statement}」として判定`,
    statesPart: '主張の一部を述べる',
    confidenceLine: (confidence, label, change) => `確信度 ${confidence}（${CONFIDENCE_LABEL_JA[label]}）。${change}`,
    noFigureLine: (shown, change) => `確信度なし: ${verdictConfidenceText(shown, 'ja')}。${change}`,
    answerBasis: (o) => {
      const where = `検索したソース: ${o.sources.join('、')}。`;
      if (o.method === 'none')
        return `質問に関係するClaimも文も見つかりませんでした。${where}${o.failed ? `命題の検証は実行されませんでした: ${o.failed}。` : ''}`;
      if (o.method === 'relevant_claims')
        return `開かれた質問のため、関係するClaim ${o.relevant}件で回答しました（支持されたClaimの出典${o.supporting}件、反証されたClaimの出典${o.refuting}件）。${where}`;
      return `命題に最も関係する文${o.judged}件をスタンス判定モデルで判定し、質問に関係するもののうち独立した${o.supporting}ソースが支持、${o.refuting}ソースが反証しました。関係するClaimは計${o.relevant}件。${o.failed ? `命題の検証は実行されませんでした: ${o.failed}。` : ''}${where}`;
    },
    answerChange: (v, f) =>
      v === 'insufficient evidence'
        ? {
            open_question: '関係するClaimを支持または反証するソースがさらにあるか、より信頼度の高いソースがあれば回答が得られます。',
            both_ways:
              '判定の基準を満たした箇所が支持と反証に分かれています。どちらかの側に独立したソースがさらにあるか、より信頼度の高いソースがあれば決着し得ます。',
            too_little:
              '判定の基準を満たした箇所はありますが、ソースが少ないか信頼度が低いため結論には足りません。命題またはその否定を述べる独立したソースがさらにあるか、より信頼度の高いソースがあれば変わり得ます。',
            not_counted: `命題またはその否定を直接述べるソースがあれば変わり得ます。判定した${f.judged}件の箇所のうち${f.passedByJudge}件は判定モデルの基準を満たしましたが、質問の主題を含まない、BLOCKEDのソースのものである、または前の文に依存するため、いずれも数えていません。`,
            none_passed: `命題またはその否定を直接述べるソースがあれば変わり得ます。判定した${f.judged}件の箇所のどれも判定モデルの基準を満たしませんでした。精度優先の判定モデルは関係する箇所の多くを中立とするため、証拠がないと結論する前にソースを読んでください。`,
            nothing_judged: '命題またはその否定を直接述べるソース（より大きな予算や別のソースで見つかるもの）があれば変わり得ます。',
          }[insufficientCase(f)]
        : {
            supported: 'より信頼度の高いソースによる反証、または検索が届かなかった関係する文があれば変わり得ます。',
            refuted: 'より信頼度の高いソースによる支持、または検索が届かなかった関係する文があれば変わり得ます。',
            mixed: 'どちらかの側のより信頼度の高い証拠があれば決着します。',
          }[v],
    proseHeading: '文章による回答',
    proseRemoved: '根拠がないため削除した文',
    proseNoQuote: '引用を示していない',
    proseNotSupported: (j) => `引用が支持していない（判定: ${j}）`,
    about: (subject) => `（${subject}）`,
    quotedAbove: '上で引用',
    sourcesSearched: (sources) => `検索したソース: ${sources}。`,
  },
};
