// Bidirectional controls in text Lyra did not write. An embedding, override or isolate (U+202A–U+202E,
// U+2066–U+2069) or a direction mark (U+200E, U+200F, U+061C) reorders the text around it wherever it
// is shown — a terminal, a Markdown viewer, a browser, a typeset bibliography — so a title can read
// differently from what it is ("exe.png" shown as "gnp.exe"). Every output format shows them by their
// code point instead: the terminal printer, Markdown, HTML, BibTeX and CSL-JSON all use this function.

/** The bidi formatting characters: ALM, LRM, RLM, LRE…RLO, LRI…PDI. Global: for replace only. */
export const BIDI_CONTROL_RE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `<U+202E>`: how a bidi control is shown. */
function codePointMark(c: string): string {
  return `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** `s` with every bidi control shown as its code point (`<U+202E>`), so none can reorder what follows it; the rest unchanged. */
export function neutralizeBidi(s: string): string {
  return s.replace(BIDI_CONTROL_RE, codePointMark);
}
