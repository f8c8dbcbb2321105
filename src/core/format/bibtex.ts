// BibTeX field values from text Lyra did not write. Every character LaTeX or BibTeX treats
// specially is escaped, so no value can close its field, start another or run a command
// (`\input{/etc/passwd}`); a DOI must match the DOI syntax, else the field is left out. BibTeX
// balances braces without regard to backslashes (`\}` still closes a field), so a brace from the
// text becomes \textbraceleft{} / \textbraceright{} and the only braces in a value are balanced pairs.
// Bidi controls are shown by code point (bidi.ts), so a typeset title reads as it is.
import { neutralizeBidi } from './bidi.js';
import { safeHttpUrl } from './safe-url.js';

const LATEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
};

/** A field's text: white space (line breaks included) as one space, control characters dropped, bidi controls shown by code point, LaTeX specials escaped. */
export function bibtexField(s: string): string {
  return (
    neutralizeBidi(s)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\{}&%$#_~^]/g, (c) => LATEX_SPECIAL[c]!)
  );
}

/**
 * DOI syntax accepted in BibTeX: `10.` + a 4–9 digit registrant (dotted sub-codes allowed) + `/` +
 * a suffix of the characters Crossref recommends (letters, digits, `-._;()/:`) and the `<>[]` of old
 * SICI DOIs. Braces, backslashes, commas, `=` and white space are not DOI characters.
 */
export const BIBTEX_DOI_RE = /^10\.\d{4,9}(?:\.\d+)*\/[-._;()/:A-Za-z0-9<>[\]]+$/;

/** The DOI as a field value when it is one; undefined otherwise (the field is then left out). */
export function bibtexDoi(doi: string | undefined): string | undefined {
  if (doi === undefined) return undefined;
  const d = doi.trim();
  return BIBTEX_DOI_RE.test(d) ? bibtexField(d) : undefined;
}

/** An http(s) URL as a field value (normalised and percent-encoded, so it holds no brace or backslash); undefined otherwise. */
export function bibtexUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : safeHttpUrl(url);
}

/** A citation key: letters, digits and `-_:.` only (anything else dropped), never empty. */
export function bibtexKey(key: string): string {
  const k = key.replace(/[^A-Za-z0-9_:.-]/g, '');
  return k === '' ? 'ref' : k;
}
