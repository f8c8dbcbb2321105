// Publication dates as pages write them → ISO 8601. Precision is kept: a date stays a date
// (`2020-01-15`), a month stays a month (`2020-01`); only times with a zone become UTC instants.

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function validYmd(y: number, m?: number, d?: number): boolean {
  if (y < 1000 || y > 2999) return false;
  if (m !== undefined && (m < 1 || m > 12)) return false;
  if (d !== undefined && (d < 1 || d > new Date(Date.UTC(y, m!, 0)).getUTCDate())) return false;
  return true;
}

function ymd(y: number, m?: number, d?: number): string | undefined {
  if (!validYmd(y, m, d)) return undefined;
  return m === undefined ? String(y) : d === undefined ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const SLASH_RE = /^(\d{4})[/.-](\d{1,2})(?:[/.-](\d{1,2}))?$/;
const JA_RE = /^(\d{4})年\s*(\d{1,2})月(?:\s*(\d{1,2})日)?/;
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})$/;

/** ISO 8601 form of a published date/time, or undefined when the text is not a recognisable date. */
export function normalizePublishedDate(raw: string): string | undefined {
  const s = raw.trim();
  if (!s) return undefined;
  const iso = ISO_RE.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, zone] = iso;
    const date = ymd(Number(y), Number(mo), Number(d));
    if (!date || h === undefined) return date;
    if (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) > 59) return undefined;
    if (zone === undefined) return `${date}T${h}:${mi}${sec !== undefined ? `:${sec}` : ''}`;
    const t = Date.parse(`${date}T${h}:${mi}:${sec ?? '00'}${zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`);
    return Number.isNaN(t) ? undefined : new Date(t).toISOString();
  }
  if (/^\d{4}$/.test(s)) return ymd(Number(s));
  const slash = SLASH_RE.exec(s) ?? JA_RE.exec(s) ?? COMPACT_RE.exec(s);
  if (slash) return ymd(Number(slash[1]), Number(slash[2]), slash[3] === undefined ? undefined : Number(slash[3]));
  // Free-form English dates ("January 5, 2020", RFC 2822): only when a four-digit year is present.
  if (!/\b\d{4}\b/.test(s) || !/[A-Za-z]/.test(s)) return undefined;
  const t = Date.parse(s);
  if (Number.isNaN(t)) return undefined;
  const date = new Date(t);
  // With a time and a zone the instant is known; without a zone, only the written date is.
  if (/\d{1,2}:\d{2}/.test(s) && /(?:GMT|UTC|\dZ|[+-]\d{2}:?\d{2})\b/i.test(s)) return date.toISOString();
  return ymd(date.getFullYear(), date.getMonth() + 1, date.getDate());
}
