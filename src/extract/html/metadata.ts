// Page metadata read before Readability changes the document: every <meta> name/value, canonical
// link, <time> elements, JSON-LD, and the fallbacks Lyra adds to Readability's own metadata for
// scholarly and library pages (citation_*, Dublin Core, PRISM).
import { isElement, type DomDocument, type DomElement } from './dom.js';

export interface MetaEntry {
  /** Lower-cased `name`, `property`, `itemprop` or `http-equiv`; `canonical` for <link rel=canonical>. */
  name: string;
  value: string;
}

export interface PageMetadata {
  entries: MetaEntry[];
  /** Parsed JSON-LD objects (flattened @graph). */
  jsonLd: Array<Record<string, unknown>>;
  warnings: string[];
}

/** Most JSON-LD blocks parsed per page; most characters per block. */
export const MAX_JSON_LD_BLOCKS = 20;
export const MAX_JSON_LD_CHARS = 500_000;

function flattenJsonLd(value: unknown, out: Array<Record<string, unknown>>): void {
  if (Array.isArray(value)) {
    for (const v of value) flattenJsonLd(v, out);
  } else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    out.push(obj);
    if (obj['@graph'] !== undefined) flattenJsonLd(obj['@graph'], out);
  }
}

/** Reads meta tags, canonical link, <time> publication dates and JSON-LD. */
export function readPageMetadata(document: DomDocument, baseUrl: string): PageMetadata {
  const entries: MetaEntry[] = [];
  const warnings: string[] = [];
  const metas = document.getElementsByTagName('meta');
  for (let i = 0; i < metas.length; i++) {
    const m = metas[i]!;
    const value = m.getAttribute('content')?.trim();
    if (!value) continue;
    const keys = [m.getAttribute('name'), m.getAttribute('property'), m.getAttribute('itemprop'), m.getAttribute('http-equiv')];
    // `property` may hold several space-separated names (RDFa); each counts.
    for (const key of new Set(keys.flatMap((k) => (k ? k.toLowerCase().split(/\s+/) : [])))) if (key) entries.push({ name: key, value });
  }
  const canonical = document.querySelector('link[rel="canonical"][href]')?.getAttribute('href')?.trim();
  if (canonical) {
    try {
      entries.push({ name: 'canonical', value: new URL(canonical, baseUrl).href });
    } catch {
      warnings.push(`canonical link is not a URL: ${JSON.stringify(canonical.slice(0, 200))}`);
    }
  }
  const times = document.querySelectorAll('time[datetime]');
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (t.getAttribute('itemprop')?.toLowerCase() === 'datepublished' || t.hasAttribute('pubdate')) {
      entries.push({ name: 'time:published', value: t.getAttribute('datetime')!.trim() });
    }
  }
  const jsonLd: Array<Record<string, unknown>> = [];
  const scripts = document.querySelectorAll('script[type="application/ld+json"]');
  for (let i = 0; i < Math.min(scripts.length, MAX_JSON_LD_BLOCKS); i++) {
    const raw = (scripts[i]!.textContent ?? '').trim();
    if (!raw) continue;
    if (raw.length > MAX_JSON_LD_CHARS) {
      warnings.push(`JSON-LD block ${i + 1} skipped: ${raw.length} characters exceeds ${MAX_JSON_LD_CHARS}`);
      continue;
    }
    try {
      // Some sites wrap JSON-LD in CDATA or HTML comments.
      flattenJsonLd(JSON.parse(raw.replace(/^\s*(?:<!\[CDATA\[|<!--)|(?:\]\]>|-->)\s*$/g, '')), jsonLd);
    } catch (err) {
      warnings.push(`JSON-LD block ${i + 1} is not valid JSON (${err instanceof Error ? err.message.slice(0, 120) : 'parse error'}); ignored`);
    }
  }
  return { entries, jsonLd, warnings };
}

/** First value among meta names, in the order given. */
export function firstMeta(entries: readonly MetaEntry[], names: readonly string[]): string | undefined {
  for (const name of names) {
    const hit = entries.find((e) => e.name === name);
    if (hit) return hit.value;
  }
  return undefined;
}

/** All values of the first meta name that has any (e.g. every `citation_author`). */
export function allMeta(entries: readonly MetaEntry[], names: readonly string[]): string[] {
  for (const name of names) {
    const hits = entries.filter((e) => e.name === name).map((e) => e.value);
    if (hits.length > 0) return hits;
  }
  return [];
}

/** Byline sources after Readability's own (JSON-LD, dc:creator, author, article:author, parsely). */
export const BYLINE_META = ['citation_author', 'citation_authors', 'dc.creator', 'dcterms.creator', 'dc.contributor', 'author', 'sailthru.author', 'byl'];
/** Publication-time sources after Readability's own (JSON-LD datePublished, article:published_time, parsely-pub-date). */
export const PUBLISHED_META = [
  'article:published_time',
  'citation_publication_date',
  'citation_online_date',
  'citation_date',
  'citation_cover_date',
  'dc.date.issued',
  'dcterms.issued',
  'prism.publicationdate',
  'dc.date',
  'dcterms.date',
  'dcterms.created',
  'datepublished',
  'og:published_time',
  'parsely-pub-date',
  'sailthru.date',
  'publish-date',
  'publication_date',
  'pubdate',
  'date',
  'time:published',
];
export const TITLE_META = ['citation_title', 'dc.title', 'dcterms.title', 'og:title'];
export const SITE_NAME_META = [
  'og:site_name',
  'citation_journal_title',
  'citation_conference_title',
  'prism.publicationname',
  'application-name',
  'citation_publisher',
  'dc.publisher',
];
export const LANGUAGE_META = ['content-language', 'dc.language', 'dcterms.language', 'citation_language', 'language', 'og:locale'];

function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') return (value as { name: string }).name.trim() || undefined;
  return undefined;
}

/** Authors named in JSON-LD (`author` of the first object that has one). */
export function jsonLdAuthors(jsonLd: ReadonlyArray<Record<string, unknown>>): string[] {
  for (const obj of jsonLd) {
    const a = obj.author;
    if (a === undefined) continue;
    const names = (Array.isArray(a) ? a : [a]).map(nameOf).filter((n): n is string => n !== undefined);
    if (names.length > 0) return names;
  }
  return [];
}

export function jsonLdString(jsonLd: ReadonlyArray<Record<string, unknown>>, key: string): string | undefined {
  for (const obj of jsonLd) {
    const v = obj[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** Identifier strings in JSON-LD: `identifier` (string or PropertyValue), `sameAs`, `@id`, `url`. */
export function jsonLdIdentifierValues(jsonLd: ReadonlyArray<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === 'object') {
      const pv = v as { propertyID?: unknown; value?: unknown };
      if (typeof pv.value === 'string') out.push(typeof pv.propertyID === 'string' ? `${pv.propertyID.toLowerCase()}:${pv.value}` : pv.value);
    }
  };
  for (const obj of jsonLd) {
    const type = String(obj['@type'] ?? '');
    // Only records of works: a site's Organization sameAs links are not the page's identifiers.
    if (!/Article|Paper|Report|Thesis|Book|Chapter|CreativeWork|Dataset|MedicalStudy/i.test(type)) continue;
    add(obj.identifier);
    add(obj.sameAs);
    add(obj['@id']);
  }
  return out;
}

/** Joins author names; `; ` when a name itself has a comma (`Smith, J.`). */
export function joinNames(names: readonly string[]): string {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  return unique.join(unique.some((n) => n.includes(',')) ? '; ' : ', ');
}

/** `en_US` (og:locale) → `en-US`; the first of a list (`en, fr`). */
export function normalizeLangTag(value: string): string | undefined {
  const first = value
    .split(/[,;\s]+/)[0]
    ?.trim()
    .replace(/_/g, '-');
  return first && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(first) ? first : undefined;
}

export function documentLang(document: DomDocument): string | undefined {
  const el = document.documentElement;
  const lang = el && isElement(el as DomElement) ? (el.getAttribute('lang') ?? el.getAttribute('xml:lang')) : null;
  return lang?.trim() || undefined;
}
