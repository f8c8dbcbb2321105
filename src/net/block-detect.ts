// Recognises responses that are a refusal rather than content: bot challenges (Cloudflare,
// reCAPTCHA, hCaptcha), login walls and plain 401/403 refusals (seed 002: CAPTCHA/block detection →
// auth queue). Markers are the ones these services put in every challenge page; on a 200 page they
// count only when the page is small or titled as a challenge, so an article with a reCAPTCHA comment
// form is not mistaken for a wall.
import type { AuthKind } from '../core/index.js';

export interface BlockVerdict {
  kind: AuthKind;
  /** What gave it away, for the auth item and the log. */
  marker: string;
}

/** A 200 page larger than this is content even if it carries a captcha widget somewhere. */
export const CHALLENGE_PAGE_MAX_CHARS = 40_000;
/** Characters from the start searched for a challenge title. */
const HEAD_SCAN_CHARS = 16_384;

const CHALLENGE_TITLES =
  /<title>\s*(just a moment|attention required|access denied|verify you are human|security check|are you a robot|one more step|please verify|ddos-guard|robot check)/i;
const LOGIN_TITLES = /<title>[^<]*(sign[ -]?in|log[ -]?in|ログイン|サインイン|会員登録)[^<]*<\/title>/i;
const LOGIN_TEXT = /(sign in to (continue|read|view)|log in to (continue|read|view)|subscribers only|please (log|sign) in|ログインしてください|会員限定)/i;

interface Marker {
  test: (html: string, headers: Record<string, string>) => boolean;
  kind: AuthKind;
  marker: string;
}

const MARKERS: readonly Marker[] = [
  { kind: 'captcha', marker: 'cloudflare challenge (cf-mitigated header)', test: (_h, hd) => (hd['cf-mitigated'] ?? '').toLowerCase() === 'challenge' },
  {
    kind: 'captcha',
    marker: 'cloudflare challenge page',
    test: (h) => /cf-challenge|challenge-platform|cf_chl_|cf-browser-verification|id="challenge-(running|form)"/i.test(h),
  },
  { kind: 'captcha', marker: 'reCAPTCHA', test: (h) => /class="[^"]*\bg-recaptcha\b|google\.com\/recaptcha\/|recaptcha\/api\.js/i.test(h) },
  { kind: 'captcha', marker: 'hCaptcha', test: (h) => /class="[^"]*\bh-captcha\b|hcaptcha\.com\/1\/api\.js|js\.hcaptcha\.com/i.test(h) },
  { kind: 'captcha', marker: 'Cloudflare Turnstile', test: (h) => /challenges\.cloudflare\.com\/turnstile|class="[^"]*\bcf-turnstile\b/i.test(h) },
  { kind: 'captcha', marker: 'DataDome / PerimeterX challenge', test: (h) => /captcha-delivery\.com|geo\.captcha-delivery|px-captcha|_pxCaptcha/i.test(h) },
];

function loginWall(html: string): boolean {
  if (!/<input[^>]+type\s*=\s*["']?password/i.test(html)) return false;
  return LOGIN_TITLES.test(html) || LOGIN_TEXT.test(html);
}

/**
 * Verdict for a response, or undefined when it is content. `html` is the decoded body or a prefix of
 * it (then pass `bodyBytes`, the full size); `headers` have lower-case keys.
 */
export function detectBlock(options: { status: number; headers: Record<string, string>; html: string; bodyBytes?: number }): BlockVerdict | undefined {
  const { status, headers, html } = options;
  const refusal = status === 401 || status === 403 || status === 429 || status === 503;
  // The title sits in the head: looking there only keeps this cheap on large pages.
  const titled = CHALLENGE_TITLES.test(html.slice(0, HEAD_SCAN_CHARS));
  // `html` may be a prefix of a large body: the size rule uses the whole body's size when given.
  const small = (options.bodyBytes ?? html.length) <= CHALLENGE_PAGE_MAX_CHARS;
  const inspect = refusal || small || titled;
  if (inspect) {
    for (const m of MARKERS) if (m.test(html, headers)) return { kind: m.kind, marker: m.marker };
    if (refusal && titled) return { kind: 'captcha', marker: 'challenge page title' };
    if (loginWall(html)) return { kind: 'login', marker: 'login form' };
  }
  if (status === 401) return { kind: 'login', marker: 'HTTP 401' };
  if (status === 403) return { kind: 'blocked', marker: 'HTTP 403' };
  return undefined;
}
