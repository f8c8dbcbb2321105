// Report and search-log wording in the two languages Lyra writes (DESIGN.md: reports are written in
// the language of the question). Quotes stay in their source's language.
import type { ClaimStatus } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';

export const RESEARCH_LANGUAGES = ['ja', 'en'] as const;
export type ResearchLanguage = (typeof RESEARCH_LANGUAGES)[number];

export function questionLanguage(question: string): ResearchLanguage {
  return detectLanguage(question);
}

export const STATUS_ORDER: readonly ClaimStatus[] = ['VERIFIED', 'CONDITIONED', 'CONTESTED', 'REFUTED', 'UNSUPPORTED'];

interface Strings {
  reportTitle: string;
  run: string;
  searches: (n: number) => string;
  method: string;
  summary: string;
  relevantClaims: (n: number, counts: string) => string;
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
  genreRefute: Readonly<Record<'negation' | 'exceptions' | 'critique', string>>;
  scopeUnqualified: string;
  stanceLanguage: (n: number) => string;
}

export const STRINGS: Readonly<Record<ResearchLanguage, Strings>> = {
  en: {
    reportTitle: 'Research report',
    run: 'Run',
    searches: (n) => `${n} searches`,
    method: 'lyra research (autonomous claim-centric workflow, seed 001)',
    summary: 'Summary',
    relevantClaims: (n, counts) => `Claims relevant to the question: ${n} (${counts}).`,
    majorChecked: (n, of) => `Major claims checked with refutation searches: ${n} of ${of}.`,
    sourcesUsed: (n) => `Sources registered: ${n}.`,
    deepStopped: (rounds, why, coverage) => `DEEP ran ${rounds} round(s) and stopped: ${why}${why.includes('%') ? '' : ` (gap coverage ${coverage})`}.`,
    statusHeading: {
      VERIFIED: 'Verified claims', CONDITIONED: 'Conditioned claims', CONTESTED: 'Contested claims', REFUTED: 'Refuted claims', UNSUPPORTED: 'Unsupported claims',
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
    perspectives: 'Coverage by perspective',
    perspectiveTable: ['Perspective', 'Searches', 'Claims found', 'Gap'],
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
    trustNote: (levels) => `Trust levels of the sources: ${levels}. Statuses weigh evidence by trust; claims resting on low-trust sources alone cannot reach VERIFIED without corroboration.`,
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
    genreRefute: { negation: 'refutation: negated claim', exceptions: 'refutation: exceptions', critique: 'refutation: critique' },
    scopeUnqualified: 'unqualified (the source states no scope)',
    stanceLanguage: (n) => `The stance model reads English only: ${n} search(es) failed at the stance step, so claims in other languages carry only the sentence they were taken from, without supporting or refuting evidence. Set models.stance.backend to transformers or llm to judge them.`,
  },
  ja: {
    reportTitle: 'リサーチレポート',
    run: '実行',
    searches: (n) => `検索${n}回`,
    method: 'lyra research（Claim中心の自律ワークフロー、seed 001）',
    summary: '概要',
    relevantClaims: (n, counts) => `質問に関係するClaim: ${n}件（${counts}）。`,
    majorChecked: (n, of) => `反証探索を行った主要Claim: ${of}件中${n}件。`,
    sourcesUsed: (n) => `登録したソース: ${n}件。`,
    deepStopped: (rounds, why, coverage) => `DEEPは${rounds}ラウンドで終了: ${why}${why.includes('%') ? '' : `（ギャップ閉鎖率 ${coverage}）`}。`,
    statusHeading: {
      VERIFIED: '検証済み（VERIFIED）', CONDITIONED: '条件付き（CONDITIONED）', CONTESTED: '係争中（CONTESTED）', REFUTED: '反証済み（REFUTED）', UNSUPPORTED: '根拠不足（UNSUPPORTED）',
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
    perspectives: '視点別のカバレッジ',
    perspectiveTable: ['視点', '検索数', '得られたClaim', 'ギャップ'],
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
    trustNote: (levels) => `ソースの信頼レベル: ${levels}。ステータスは信頼度で重み付けした証拠で判定しており、低信頼ソースのみに基づくClaimは裏付けなしにVERIFIEDになりません。`,
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
    genreRefute: { negation: '反証: Claim反転', exceptions: '反証: 例外探索', critique: '反証: 批判語彙' },
    scopeUnqualified: '限定なし（出典に範囲の記載なし）',
    stanceLanguage: (n) => `スタンス判定モデルは英語のみ対応のため、${n}件の検索がスタンス判定の段階で失敗しました。日本語などのClaimには抽出元の文だけが付き、支持・反証の証拠はありません。判定するには models.stance.backend を transformers または llm に設定してください。`,
  },
};
