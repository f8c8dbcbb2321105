// Word lists behind claim detection, English and Japanese. Lists, not models: every decision they
// drive can be read and audited.

/** Predicates that make a statement causal or directional (lemmas). */
export const CAUSAL_LEMMAS = new Set([
  'cause',
  'lead',
  'result',
  'induce',
  'trigger',
  'produce',
  'prevent',
  'reduce',
  'decrease',
  'lower',
  'increase',
  'raise',
  'improve',
  'worsen',
  'boost',
  'cut',
  'drop',
  'rise',
  'fall',
  'grow',
  'decline',
  'double',
  'halve',
  'triple',
  'affect',
  'inhibit',
  'promote',
  'protect',
  'associate',
  'correlate',
  'link',
  'contribute',
  'drive',
  'enhance',
  'suppress',
  'block',
  'kill',
  'cure',
  'treat',
  'accelerate',
  'slow',
  'limit',
  'eliminate',
  'mitigate',
  'exacerbate',
  'outperform',
  'exceed',
  'surpass',
  'threaten',
  'endanger',
  'damage',
  'harm',
  'destroy',
  'modulate',
  // Directional verbs a finding in other words uses ("Sublethal doses of imidacloprid impair the foraging
  // of honeybees" was not a claim without them).
  'impair',
  'weaken',
  'strengthen',
  'shorten',
  'lengthen',
  'disrupt',
  'hinder',
  'impede',
  'diminish',
  'alleviate',
  'relieve',
  'aggravate',
]);

/**
 * A change named by its result: the participle of a directional verb before a noun ("showed reduced growth
 * and altered feeding behaviour", "an increased risk", "impaired memory"). The tagger reads these as
 * adjectives, so their lemma is not the verb's and CAUSAL_LEMMAS misses them. Word forms; only verbs that
 * say a quantity or a function changed ("treated fields", "limited data", "affected patients" say no change).
 */
export const CHANGE_PARTICIPLES = new Set([
  'reduced',
  'increased',
  'decreased',
  'lowered',
  'improved',
  'worsened',
  'impaired',
  'elevated',
  'diminished',
  'enhanced',
  'weakened',
  'shortened',
  'lengthened',
  'accelerated',
  'slowed',
  'suppressed',
  'exacerbated',
  'doubled',
  'halved',
  'tripled',
  'damaged',
  'disrupted',
  'boosted',
  'altered',
  'inhibited',
  'heightened',
]);

/** Verbs that report a finding or a forecast ("we conclude", "is predicted", "identified X in Y"). */
export const FINDING_LEMMAS = new Set([
  'conclude',
  'identify',
  'detect',
  'observe',
  'predict',
  'discover',
  'confirm',
  'forecast',
  'project',
  'outpace',
  'overtake',
]);

/**
 * Findings the lemma list cannot see: "we found (experimentally) that …", "… were shown to …", "there
 * was no evidence of …" (a negative result is a finding too).
 */
export const FINDING_PHRASE_RE =
  /\b(?:found|showed|shown|demonstrated|revealed|established)\s(?:[a-z]+ly\s)?(?:that|to)\b|\bthere\s(?:was|were|is|are)\sno\s(?:significant\s|clear\s|direct\s)?(?:evidence|difference|association|change|increase|decrease|correlation|relationship)\b/i;

/** Evaluative adjectives and nouns that make a statement checkable as a judgement. */
export const EVALUATIVE_WORDS = new Set([
  'effective',
  'ineffective',
  'safe',
  'unsafe',
  'significant',
  'efficacious',
  'harmful',
  'beneficial',
  'accurate',
  'reliable',
  'superior',
  'inferior',
  'efficient',
  'toxic',
  'dangerous',
  'successful',
  'optimal',
  'best',
  'worst',
  'largest',
  'smallest',
  'highest',
  'lowest',
  'leading',
  'primary',
  'major',
  'main',
  'responsible',
  'necessary',
  'sufficient',
  'associated',
  'linked',
  'significantly',
  'incorrect',
  'correct',
  'wrong',
  'robust',
  'inaccurate',
  'attributable',
  'largest',
  'biggest',
  'greatest',
  'susceptible',
  'vulnerable',
  'resistant',
]);

/** Causal wording the lemma list misses ("due to", "attributable to", "as a result of"). */
export const CAUSAL_PHRASE_RE =
  /\b(?:due to|because of|attributable to|attributed to|caused by|responsible for|as a result of|leads? to|led to|linked to|associated with|contributes? to|contributed to)\b/i;

/** Comparison markers. */
/** Superlatives that rank ("the most important greenhouse gas", "the most frequent presentations"): a comparison with all the rest. */
export const SUPERLATIVE_RE =
  /\b(?:most|least)\s(?:common(?:ly)?|frequent(?:ly)?|important|significant|severe|likely|widely|prevalent|effective|popular|abundant|dangerous|powerful|serious|influential|costly|deadly|intense|extreme|rapid(?:ly)?|vulnerable|affected|polluted|populous|productive|diverse|efficient)\b/i;

export const COMPARISON_RE =
  /\b(more|less|fewer|greater|higher|lower|better|worse|faster|slower|larger|smaller|than|compared (?:to|with)|versus|vs\.?|relative to|outperform\w*|exceed\w*|differ(?:s|ed|ence|ences)?)\b/i;

/** Strong assertion words (seed 001 主要Claim選定: 必ず/唯一/最適 …). */
export const STRONG_ASSERTION_RE =
  /\b(always|never|only|best|worst|all|none|every|guaranteed?|proven|definitely|certainly|must|optimal|unique)\b|必ず|唯一|最適|絶対|確実|すべて|全て|決して|最も|最良|最高/i;

/** Legal, safety and finance topics (seed 001: such claims are major and need refutation search). */
export const HIGH_STAKES_RE =
  /\b(law|legal|illegal|regulation|court|liabilit\w*|safety|safe|unsafe|death|mortality|fatal|toxic\w*|side effects?|adverse|risk|dose|dosage|finance|financial|invest\w*|tax\w*|price|cost|loan|fraud)\b|法律|違法|規制|裁判|安全|危険|死亡|副作用|毒性|投資|税|金融|価格|費用|詐欺/i;

export const NEGATION_RE = /\b(not|no|never|none|neither|nor|cannot|without|fail(?:s|ed)? to)\b|n't\b/i;

/** Hedges lower decision weight but do not make a sentence uncheckable. */
export const HEDGE_RE = /\b(may|might|could|possibly|perhaps|likely|unlikely|suggests?|appears?|seems?)\b|かもしれない|可能性がある|と考えられる|とみられる/i;

/** Boilerplate and navigation that is never a claim. */
export const BOILERPLATE_RE =
  /\b(click here|read more|subscribe|sign up|log ?in|cookies?|privacy policy|terms of (?:use|service)|all rights reserved|copyright|share this|follow us|newsletter|advertisement|skip to (?:main )?content|back to top|related articles|download pdf)\b|©|ログイン|会員登録|クッキー|プライバシーポリシー|利用規約|無断転載|著作権|シェアする|関連記事|トップへ戻る/i;

/** Page furniture written as "Label: value" (dates, bylines, captions) — metadata, not claims. */
export const METADATA_LINE_RE =
  /^(?:published|updated|posted|last (?:updated|modified|reviewed)|date|by|author|authors|source|photo|image|credit|doi|issn|isbn|received|accepted|keywords|tags|category|filed under|公開日|更新日|投稿日|著者|出典|写真)\s*[:：]|^(?:table|figure|fig\.|supplementary (?:table|figure)|図|表)\s*[0-9０-９A-Z]+[.:．：]?\s/i;

/** Japanese predicates that are causal, directional or evaluative. */
/**
 * Japanese directional verbs a finding uses beside the ones above, as the English CAUSAL_LEMMAS has them
 * (impair, inhibit, harm, damage, contribute, threaten, mitigate…): "睡眠不足は記憶の定着を妨げる" had no claim signal.
 */
export const JA_DIRECTIONAL_RE = /(妨げ|阻害|損な|害す|害し|有害|損傷|破壊|寄与|貢献|脅か|加速|緩和|軽減|増大|縮小|延長|短縮)/;

export const JA_CLAIM_RE =
  /(高め|高ま|下げ|減ら|増や|リスク|つなが|増加|減少|低下|上昇|向上|改善|悪化|抑制|促進|予防|防ぐ|引き起こ|もたら|原因|要因|影響|関連|相関|有効|無効|安全|危険|有意|効果|優れ|劣る|上回|下回|倍|割|％|%|以上|以下|未満|(?<!に)より)/;

/**
 * A Japanese line that closes like a statement: a full stop (。．.！!), or a predicate's ending in kana
 * (…る, …た, …い, …だ, …です, …ます, …ません, …ず), closing brackets and quotes aside. A sentence in
 * noun-ending news style keeps its full stop ("感染者数が前年比2倍に増加。").
 */
export const JA_STATEMENT_END_RE = /(?:[。．.！!]|ません|[るたいだすずうくつぬむぶぐ])[」』）)］\]】〉》"”’]*\s*$/;

/** は or が: a line that holds one has a topic or a subject ("予防には手洗いが有効", a bullet's fact). */
export const JA_TOPIC_OR_SUBJECT_RE = /[はが]/;

export const JA_NEGATION_RE = /(ない|なかった|ず[、。]|ません|ではない|じゃない|無い)/;
