// Phase 1 DECOMPOSE (seed 001): the seven perspectives and their mechanical query templates. A query
// is `template(topic)`, where the topic is the question with its question words taken off; nothing
// here designs queries beyond that (DESIGN.md principle 1).
import type { ResearchLanguage } from './language.js';

export const PERSPECTIVE_KEYS = ['technology', 'business', 'use_cases', 'risks', 'outlook', 'alternatives', 'academic'] as const;
export type PerspectiveKey = (typeof PERSPECTIVE_KEYS)[number];

/** Templates a perspective runs in WIDE by default, and the most it has (seed: 2–3 searches each). */
export const DEFAULT_TEMPLATES_PER_PERSPECTIVE = 2;
export const MAX_TEMPLATES_PER_PERSPECTIVE = 3;

export const PERSPECTIVE_LABELS: Readonly<Record<ResearchLanguage, Readonly<Record<PerspectiveKey, string>>>> = {
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
};

/** `{t}` is the topic. The first templates run in WIDE; the rest serve DEEP when the perspective is a gap. */
export const PERSPECTIVE_TEMPLATES: Readonly<Record<ResearchLanguage, Readonly<Record<PerspectiveKey, readonly string[]>>>> = {
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
};

const EN_QUESTION_WORDS = new Set(
  'is are was were am be do does did can could will would should shall may might must has have had what which who whom whose why how when where whether there the a an of to in on for about'.split(' '),
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
  const words = q.replace(/[?!.;:,"“”]+/g, ' ').split(' ').filter(Boolean);
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
export function wideQueries(options: { topics: ReadonlyArray<{ language: ResearchLanguage; topic: string }>; templatesPerPerspective: number }): PerspectiveQuery[] {
  const n = Math.min(MAX_TEMPLATES_PER_PERSPECTIVE, Math.max(1, Math.floor(options.templatesPerPerspective)));
  const out: PerspectiveQuery[] = [];
  for (const perspective of PERSPECTIVE_KEYS) {
    for (const { language, topic } of options.topics) {
      const templates = PERSPECTIVE_TEMPLATES[language][perspective];
      for (let i = 0; i < n; i++) out.push({ perspective, template: i, language, text: applyTemplate(templates[i]!, topic) });
    }
  }
  return out;
}
