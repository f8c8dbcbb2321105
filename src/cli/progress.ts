// A one-line progress display on a terminal's stderr; silent elsewhere (pipes, --json, tests).
import type { Printer } from './io.js';

export interface Progress {
  update(text: string): void;
  /** Clears the line. */
  done(): void;
}

/** Redraws at most every `intervalMs` so a fast loop does not flood the terminal. */
export function createProgress(io: Printer, options: { enabled: boolean; intervalMs?: number }): Progress {
  const enabled = options.enabled && io.stderrIsTTY === true;
  const interval = options.intervalMs ?? 100;
  let last = 0;
  let shown = false;
  return {
    update(text) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < interval) return;
      last = now;
      shown = true;
      io.progressLine(text.slice(0, 200));
    },
    done() {
      if (enabled && shown) io.progressLine('');
      shown = false;
    },
  };
}
