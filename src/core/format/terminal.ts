// Text from pages printed to a terminal. Escape sequences in a page could clear the screen, set the
// window title, write the clipboard (OSC 52), forge hyperlinks (OSC 8) or rewrite earlier lines;
// control characters are therefore shown as visible symbols instead of being sent, and bidi controls by
// their code point (bidi.ts). The CLI's one printer (src/cli/io.ts) writes every human-readable byte
// through terminalText; JSON goes through terminalJson, which keeps every value exact.
import { BIDI_CONTROL_RE, neutralizeBidi } from './bidi.js';

// C0 controls except tab and line feed, DEL, and C1 controls (0x9b is a one-byte CSI).
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␀…␟ (ESC → ␛)
  if (code === 0x7f) return '\u2421'; // ␡
  return `\\x${code.toString(16)}`;
}

/** Text safe to write to a terminal: control characters (ESC, CR, C1…) and bidi overrides made visible; tabs and line feeds kept. */
export function terminalText(s: string): string {
  return neutralizeBidi(s.replace(CONTROL_RE, visible));
}

/** Text for one terminal line: terminalText with line feeds and tabs shown as spaces. */
export function terminalLine(s: string): string {
  return terminalText(s.replace(/[\n\t]/g, ' '));
}

const jsonEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text safe to write to a terminal and still the same JSON: every character terminalText would
 * change (C0 controls, DEL, C1, bidi controls) written as a `\u` escape, so it parses to the exact value
 * and terminalText leaves it as it is. Valid for any text JSON.stringify wrote: outside strings it has
 * only ASCII punctuation, letters, digits, spaces and line feeds.
 */
export function terminalJson(json: string): string {
  return json.replace(CONTROL_RE, jsonEscape).replace(BIDI_CONTROL_RE, jsonEscape);
}
