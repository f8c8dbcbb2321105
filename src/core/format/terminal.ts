// Text from pages printed to a terminal. Escape sequences in a page could clear the screen, set the
// window title, forge hyperlinks (OSC 8) or rewrite earlier lines; control characters are therefore
// shown as visible symbols instead of being sent. JSON output never goes through this: it stays exact.

/** Bidirectional controls, which can make text read differently from what it is. */
const BIDI_RE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
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
  return s.replace(CONTROL_RE, visible).replace(BIDI_RE, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`);
}

/** Text for one terminal line: terminalText with line feeds and tabs shown as spaces. */
export function terminalLine(s: string): string {
  return terminalText(s.replace(/[\n\t]/g, ' '));
}
