// The claim a task asks about and its side claims. A verify task's question is the statement it checks;
// the search for it stores every sentence of the pages read as a claim too (a verify of one coral
// sentence held 108). Those are side claims: kept for the record, shown after the claim asked, and kept
// out of the task's counts, so "UNSUPPORTED 108" is not read as its answer.
import type { Claim, Task } from '../core/index.js';

/** A statement as the task's question compares to it: case, spacing and end punctuation aside. */
function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.?!。？！]+$/u, '')
    .trim();
}

/** Whether a claim is the statement a task asks about (a verify task's question is its statement). */
export function isAskedStatement(question: string, statement: string): boolean {
  return askedStatementTest(question)(statement);
}

/** isAskedStatement with the question normalized once, for a pass over many claims. */
export function askedStatementTest(question: string): (statement: string) => boolean {
  const asked = comparable(question);
  return (statement) => comparable(statement) === asked;
}

export interface AskedSplit<C> {
  /** The claims the task's counts cover: all of a research task's, the asked statement's of a verify task. */
  counted: C[];
  /** A verify task's other claims (none for a research task). */
  side: C[];
}

/** Splits a task's claims into those its counts cover and its side claims, normalizing the question once. */
export function splitAskedClaims<C extends Pick<Claim, 'statement'>>(task: Pick<Task, 'question' | 'kind'>, claims: readonly C[]): AskedSplit<C> {
  if (task.kind !== 'verify') return { counted: [...claims], side: [] };
  const isAsked = askedStatementTest(task.question);
  const counted: C[] = [];
  const side: C[] = [];
  for (const c of claims) (isAsked(c.statement) ? counted : side).push(c);
  return { counted, side };
}
