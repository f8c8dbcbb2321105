// Phase 1 DECOMPOSE (seed 001): the seven perspectives and their mechanical query templates, chosen by
// the kind of question. A query is `template(topic)`, where the topic is the question with its
// question words taken off; nothing here designs queries beyond that (DESIGN.md principle 1).
import type { QuestionKind } from '../answer/index.js';
import type { ResearchLanguage } from './language.js';

export const PERSPECTIVE_KEYS = ['technology', 'business', 'use_cases', 'risks', 'outlook', 'alternatives', 'academic'] as const;
export type PerspectiveKey = (typeof PERSPECTIVE_KEYS)[number];

/** Templates a perspective runs in WIDE by default, and the most it has (seed: 2–3 searches each). */
export const DEFAULT_TEMPLATES_PER_PERSPECTIVE = 2;
export const MAX_TEMPLATES_PER_PERSPECTIVE = 3;

/**
 * Labels of the seven slots by kind of question (workflows/answer questionKind): the slots stay seed
 * 001's, what they search for fits the question — a science question gets mechanisms, measured
 * evidence, causes, effects and risks, projections, alternative explanations and reviews, never a
 * "market" or "competitors" query.
 */
export const PERSPECTIVE_LABELS: Readonly<Record<QuestionKind, Readonly<Record<ResearchLanguage, Readonly<Record<PerspectiveKey, string>>>>>> = {
  science: {
    en: {
      technology: 'Mechanisms',
      business: 'Measured evidence',
      use_cases: 'Causes',
      risks: 'Effects & risks',
      outlook: 'Projections',
      alternatives: 'Alternative explanations',
      academic: 'Reviews',
    },
    ja: {
      technology: '仕組み',
      business: '観測・測定データ',
      use_cases: '原因',
      risks: '影響・リスク',
      outlook: '予測',
      alternatives: '別の説明',
      academic: 'レビュー・研究',
    },
  },
  technology: {
    en: {
      technology: 'Technology & implementation',
      business: 'Business & market',
      use_cases: 'Use cases',
      risks: 'Challenges & risks',
      outlook: 'Outlook',
      alternatives: 'Competitors & alternatives',
      academic: 'Academic research',
    },
    ja: {
      technology: '技術・実装',
      business: 'ビジネス・市場',
      use_cases: 'ユースケース',
      risks: '課題・リスク',
      outlook: '将来展望',
      alternatives: '競合・代替',
      academic: '学術・論文',
    },
  },
  policy: {
    en: {
      technology: 'How it works',
      business: 'Costs & economics',
      use_cases: 'Where it applies',
      risks: 'Effects & risks',
      outlook: 'Outlook',
      alternatives: 'Alternatives & opposition',
      academic: 'Research',
    },
    ja: {
      technology: '制度の仕組み',
      business: '費用・経済',
      use_cases: '適用事例',
      risks: '影響・リスク',
      outlook: '今後の見通し',
      alternatives: '代替案・反対論',
      academic: '研究',
    },
  },
  history: {
    en: {
      technology: 'Records & sources',
      business: 'Context',
      use_cases: 'Events',
      risks: 'Consequences',
      outlook: 'Legacy',
      alternatives: 'Disputed accounts',
      academic: 'Historians',
    },
    ja: { technology: '記録・史料', business: '背景', use_cases: '出来事', risks: '帰結', outlook: 'その後・影響', alternatives: '異説', academic: '歴史研究' },
  },
};

/** `{t}` is the topic. The first templates run in WIDE; the rest serve DEEP when the perspective is a gap. */
export const PERSPECTIVE_TEMPLATES: Readonly<Record<QuestionKind, Readonly<Record<ResearchLanguage, Readonly<Record<PerspectiveKey, readonly string[]>>>>>> = {
  science: {
    en: {
      technology: ['{t} mechanism', '{t} how it works', '{t} process'],
      business: ['{t} measurements', '{t} observed data', '{t} statistics'],
      use_cases: ['{t} causes', '{t} drivers', '{t} factors'],
      risks: ['{t} effects', '{t} risks', '{t} impacts'],
      outlook: ['{t} projections', '{t} future', '{t} trends'],
      alternatives: ['{t} alternative explanations', '{t} other causes', '{t} disputed'],
      academic: ['{t} review', '{t} study', '{t} meta-analysis'],
    },
    ja: {
      technology: ['{t} 仕組み', '{t} メカニズム', '{t} 過程'],
      business: ['{t} 観測', '{t} データ', '{t} 統計'],
      use_cases: ['{t} 原因', '{t} 要因', '{t} 背景'],
      risks: ['{t} 影響', '{t} リスク', '{t} 被害'],
      outlook: ['{t} 予測', '{t} 将来', '{t} 動向'],
      alternatives: ['{t} 別の説明', '{t} 他の原因', '{t} 異論'],
      academic: ['{t} レビュー', '{t} 研究', '{t} 論文'],
    },
  },
  technology: {
    en: {
      technology: ['{t} technology', '{t} how it works', '{t} mechanism'],
      business: ['{t} market', '{t} economic cost', '{t} industry'],
      use_cases: ['{t} applications', '{t} examples', '{t} use cases'],
      risks: ['{t} risks', '{t} problems', '{t} criticism'],
      outlook: ['{t} future', '{t} projections', '{t} trends'],
      alternatives: ['{t} alternatives', '{t} compared with', '{t} versus'],
      academic: ['{t} study', '{t} research evidence', '{t} review'],
    },
    ja: {
      technology: ['{t} 技術', '{t} 仕組み', '{t} 実装'],
      business: ['{t} 市場', '{t} コスト 経済', '{t} 業界'],
      use_cases: ['{t} 事例', '{t} 活用', '{t} 用途'],
      risks: ['{t} リスク', '{t} 課題', '{t} 批判'],
      outlook: ['{t} 将来', '{t} 予測', '{t} 動向'],
      alternatives: ['{t} 代替', '{t} 比較', '{t} 競合'],
      academic: ['{t} 研究', '{t} 論文', '{t} レビュー'],
    },
  },
  policy: {
    en: {
      technology: ['{t} how it works', '{t} rules', '{t} implementation'],
      business: ['{t} cost', '{t} economic impact', '{t} budget'],
      use_cases: ['{t} examples', '{t} countries', '{t} case study'],
      risks: ['{t} effects', '{t} risks', '{t} criticism'],
      outlook: ['{t} future', '{t} reform', '{t} trends'],
      alternatives: ['{t} alternatives', '{t} opposition', '{t} compared with'],
      academic: ['{t} study', '{t} evidence', '{t} review'],
    },
    ja: {
      technology: ['{t} 仕組み', '{t} 制度', '{t} 運用'],
      business: ['{t} 費用', '{t} 経済効果', '{t} 予算'],
      use_cases: ['{t} 事例', '{t} 海外', '{t} 導入例'],
      risks: ['{t} 影響', '{t} リスク', '{t} 批判'],
      outlook: ['{t} 今後', '{t} 改革', '{t} 動向'],
      alternatives: ['{t} 代替案', '{t} 反対', '{t} 比較'],
      academic: ['{t} 研究', '{t} 根拠', '{t} レビュー'],
    },
  },
  history: {
    en: {
      technology: ['{t} records', '{t} sources', '{t} documents'],
      business: ['{t} background', '{t} context', '{t} circumstances'],
      use_cases: ['{t} events', '{t} timeline', '{t} date'],
      risks: ['{t} consequences', '{t} aftermath', '{t} impact'],
      outlook: ['{t} legacy', '{t} significance', '{t} later'],
      alternatives: ['{t} disputed', '{t} myth', '{t} controversy'],
      academic: ['{t} historians', '{t} study', '{t} analysis'],
    },
    ja: {
      technology: ['{t} 記録', '{t} 史料', '{t} 文書'],
      business: ['{t} 背景', '{t} 経緯', '{t} 当時'],
      use_cases: ['{t} 出来事', '{t} 年表', '{t} 時期'],
      risks: ['{t} 結果', '{t} その後', '{t} 影響'],
      outlook: ['{t} 意義', '{t} 評価', '{t} 遺産'],
      alternatives: ['{t} 異説', '{t} 俗説', '{t} 論争'],
      academic: ['{t} 歴史学', '{t} 研究', '{t} 分析'],
    },
  },
};

/** The kind a run without a recorded kind had: its templates were the technology ones. */
export const LEGACY_QUESTION_KIND: QuestionKind = 'technology';

export function perspectiveLabel(kind: QuestionKind | undefined, language: ResearchLanguage, p: PerspectiveKey): string {
  return PERSPECTIVE_LABELS[kind ?? LEGACY_QUESTION_KIND][language][p];
}

const EN_QUESTION_WORDS = new Set(
  'is are was were am be do does did can could will would should shall may might must has have had what which who whom whose why how when where whether there the a an of to in on for about'.split(
    ' ',
  ),
);

/**
 * The question's subject as a search phrase: English question words, auxiliaries, articles and
 * prepositions dropped; Japanese question endings (か, ですか, でしょうか, とは, について…) cut.
 * Falls back to the whole question (trimmed of punctuation) when nothing would be left.
 */
export function questionTopic(question: string, language: ResearchLanguage): string {
  const q = question.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (language === 'ja') {
    let t = q.replace(/[?？!！。．.、,\s]+$/u, '');
    for (let i = 0; i < 3; i++) {
      t = t.replace(/(でしょうか|ですか|ますか|のですか|のか|か|とは何|とは|について|は本当|って本当|本当)$/u, '').replace(/[?？、\s]+$/u, '');
    }
    t = t.replace(/^(なぜ|どうして|どのように|どの程度|いつ|どこで|誰が)/u, '').trim();
    return t.length > 0 ? t : q;
  }
  const words = q
    .replace(/[?!.;:,"“”]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !EN_QUESTION_WORDS.has(w.toLowerCase()));
  return kept.length > 0 ? kept.join(' ') : words.join(' ');
}

export function applyTemplate(template: string, topic: string): string {
  return template.replace('{t}', topic).replace(/\s+/g, ' ').trim();
}

export interface PerspectiveQuery {
  perspective: PerspectiveKey;
  /** Index of the template within the perspective's list. */
  template: number;
  language: ResearchLanguage;
  text: string;
}

/**
 * WIDE's queries: for each perspective, its first `perTopic` templates applied to each topic
 * (the question's language first, then the translated topic when there is one).
 */
export function wideQueries(options: {
  topics: ReadonlyArray<{ language: ResearchLanguage; topic: string }>;
  templatesPerPerspective: number;
  kind?: QuestionKind;
}): PerspectiveQuery[] {
  const n = Math.min(MAX_TEMPLATES_PER_PERSPECTIVE, Math.max(1, Math.floor(options.templatesPerPerspective)));
  const out: PerspectiveQuery[] = [];
  for (const perspective of PERSPECTIVE_KEYS) {
    for (const { language, topic } of options.topics) {
      const templates = PERSPECTIVE_TEMPLATES[options.kind ?? LEGACY_QUESTION_KIND][language][perspective];
      for (let i = 0; i < n; i++) out.push({ perspective, template: i, language, text: applyTemplate(templates[i]!, topic) });
    }
  }
  return out;
}
