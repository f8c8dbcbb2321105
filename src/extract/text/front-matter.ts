// YAML front matter (`---` … `---` at the top of a Markdown or text file): title, author, date, language.
import { parse as parseYaml } from 'yaml';

export interface FrontMatter {
  /** The document without its front matter. */
  body: string;
  title?: string;
  byline?: string;
  publishedTime?: string;
  language?: string;
  warnings: string[];
}

const FRONT_MATTER_RE = /^\ufeff?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/** Longest front matter read (characters); a longer block is not front matter. */
export const MAX_FRONT_MATTER_CHARS = 64_000;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return undefined;
}

function names(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value : [value];
  const out = list.map((v) => (v && typeof v === 'object' ? text((v as { name?: unknown }).name) : text(v))).filter((v): v is string => v !== undefined);
  return out.length > 0 ? out.join(out.some((n) => n.includes(',')) ? '; ' : ', ') : undefined;
}

export function readFrontMatter(source: string): FrontMatter {
  const m = FRONT_MATTER_RE.exec(source);
  if (!m || m[1]!.length > MAX_FRONT_MATTER_CHARS) return { body: source, warnings: [] };
  const body = source.slice(m[0].length);
  let data: unknown;
  try {
    data = parseYaml(m[1]!);
  } catch (err) {
    return {
      body,
      warnings: [`front matter is not valid YAML (${err instanceof Error ? err.message.split('\n')[0] : 'parse error'}); its metadata was ignored`],
    };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { body, warnings: ['front matter is not a YAML mapping; its metadata was ignored'] };
  const d = data as Record<string, unknown>;
  const out: FrontMatter = { body, warnings: [] };
  const title = text(d.title);
  const byline = names(d.author ?? d.authors);
  const published = text(d.date ?? d.published ?? d.publishedAt);
  const language = text(d.lang ?? d.language);
  if (title !== undefined) out.title = title;
  if (byline !== undefined) out.byline = byline;
  if (published !== undefined) out.publishedTime = published;
  if (language !== undefined) out.language = language;
  return out;
}
