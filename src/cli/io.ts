// Output for CLI commands: injected streams so tests can capture them.

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input for commands that read it (e.g. `lyra stance`); default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /** Whether stderr is a terminal: progress lines are drawn only there. */
  stderrIsTTY?: boolean;
}

export const PROCESS_IO: CliIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  stdin: process.stdin,
  stderrIsTTY: process.stderr.isTTY === true,
};

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** A plain aligned text table; cells are stringified, missing ones left blank. */
export function formatTable(headers: string[], rows: Array<Array<string | number | undefined>>): string {
  const cells = rows.map((r) => headers.map((_, i) => (r[i] === undefined ? '' : String(r[i]))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}
