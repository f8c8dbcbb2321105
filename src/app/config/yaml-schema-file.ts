// Parses YAML text against a zod schema and turns every failure into one InvalidInputError that
// names the file, the line, the key and what was expected. Reading the file is the caller's job.
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import type { z } from 'zod';
import { InvalidInputError } from '../../core/index.js';

export interface YamlIssue {
  path: string;
  line?: number;
  column?: number;
  message: string;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(top level)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

function locate(doc: Document, lines: LineCounter, path: ReadonlyArray<PropertyKey>): { line?: number; column?: number } {
  // Walk up the path until a node exists (a missing key is reported at its parent).
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as Array<string | number>, true);
    if (isNode(node) && node.range) {
      const pos = lines.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return {};
}

/** Alias expansions allowed while reading a file (yaml's `maxAliasCount`). */
export const MAX_ALIAS_COUNT = 100;

/**
 * Parses and validates; throws InvalidInputError (code `config_invalid`) listing every issue.
 * `prepare` rewrites the parsed document before validation (lyra.config.yaml: empty sections).
 */
export function parseYamlWithSchema<S extends z.ZodType>(options: {
  text: string;
  source: string;
  schema: S;
  prepare?: (value: unknown) => unknown;
}): z.output<S> {
  const { text, source, schema } = options;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const issues: YamlIssue[] = doc.errors.map((e) => {
      // linePos is only filled with prettyErrors; the offset is always there.
      const pos = e.linePos?.[0] ?? lines.linePos(e.pos[0]);
      return { path: '(syntax)', line: pos?.line, column: pos?.col, message: e.message.split('\n')[0] ?? e.message };
    });
    throw configError(source, issues);
  }
  let value: unknown;
  try {
    // Aliases are expanded with a budget (yaml's default of 100 expanded nodes): a "billion laughs"
    // alias bomb is a config error naming the file, not an uncaught ReferenceError.
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (cause) {
    throw configError(source, [
      { path: '(aliases)', message: `${(cause as Error).message} (YAML aliases expand to more than the limit of ${MAX_ALIAS_COUNT})` },
    ]);
  }
  const result = schema.safeParse(options.prepare ? options.prepare(value) : value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue): YamlIssue => {
    const at = locate(doc, lines, issue.path);
    return { path: formatPath(issue.path), ...at, message: issue.message };
  });
  throw configError(source, issues);
}

function configError(source: string, issues: YamlIssue[]): InvalidInputError {
  const where = (i: YamlIssue): string => (i.line ? `${source}:${i.line}:${i.column ?? 1}` : source);
  const body = issues.map((i) => `  ${where(i)}: ${i.path}: ${i.message}`).join('\n');
  const first = issues[0];
  return new InvalidInputError(`invalid ${source}${first?.line ? ` at line ${first.line}` : ''}:\n${body}`, {
    code: 'config_invalid',
    details: { file: source, issues },
  });
}
