// Output for CLI commands: injected streams so tests can capture them, and the one terminal printer
// every command writes through. Titles, quotes, questions and error messages come from pages and files
// Lyra did not write; a byte they carry could clear the screen, set the window title, write the
// clipboard (OSC 52) or reorder a line (bidi overrides). Commands never see the raw streams: ctx.io is
// the printer, which shows every control character and bidi control of human-readable text (core's
// terminalText) and writes JSON with them as \u escapes (terminalJson), exact and inert.
import { terminalJson, terminalLine, terminalText } from '../core/index.js';

/** The streams of the process (or a test's capture): raw bytes. Only the printer writes to them. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input for commands that read it (e.g. `lyra stance`); default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /** Whether stderr is a terminal: progress lines are drawn only there. */
  stderrIsTTY?: boolean;
}

/** What commands write through (ctx.io): stdout and stderr take text and pass it through terminalText. */
export interface Printer extends CliIo {
  /** Redraws the one-line progress display on stderr (terminalLine of `text`); '' clears it. The only cursor control Lyra sends. */
  progressLine: (text: string) => void;
}

export const PROCESS_IO: CliIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  stdin: process.stdin,
  stderrIsTTY: process.stderr.isTTY === true,
};

/** The one terminal printer over `io`: every human-readable byte of every command goes through it. */
export function createPrinter(io: CliIo): Printer {
  return {
    stdout: (t) => io.stdout(terminalText(t)),
    stderr: (t) => io.stderr(terminalText(t)),
    stdin: io.stdin,
    stderrIsTTY: io.stderrIsTTY === true,
    progressLine: (t) => io.stderr(`\r\x1b[K${terminalLine(t)}`),
  };
}

/** `value` as indented JSON on stdout, exact (control and bidi characters as \u escapes). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${terminalJson(JSON.stringify(value, null, 2))}\n`);
}

/** `value` as one line of JSON (JSONL, events) on `stream`, exact (control and bidi characters as \u escapes). */
export function printJsonLine(io: CliIo, value: unknown, stream: 'stdout' | 'stderr' = 'stdout'): void {
  io[stream](`${terminalJson(JSON.stringify(value))}\n`);
}

/** A plain aligned text table; cells are stringified (terminalLine: one line, measured as shown), missing ones left blank. */
export function formatTable(headers: string[], rows: Array<Array<string | number | undefined>>): string {
  const cells = rows.map((r) => headers.map((_, i) => (r[i] === undefined ? '' : terminalLine(String(r[i])))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}
