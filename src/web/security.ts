// Response headers every UI response carries: a Content-Security-Policy that allows only the UI's own
// scripts, styles and requests (no inline script, no other origin, no framing), and the usual
// hardening headers. report.html pages served from a run folder keep their own stricter policy.
import type { ServerResponse } from 'node:http';

export const UI_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(csp = UI_CSP): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with form posts, which the guard must refuse.
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

export function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string | string[]> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...securityHeaders(), 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra });
  res.end(body);
}
