import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectBlock } from './block-detect.js';

test('challenge pages and walls are recognised with their kind', () => {
  const cases: Array<[number, Record<string, string>, string, string | undefined]> = [
    [403, { 'cf-mitigated': 'challenge' }, '<title>Just a moment...</title>', 'captcha'],
    [503, { server: 'cloudflare' }, '<html><title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/x"></script>', 'captcha'],
    [200, {}, '<div class="g-recaptcha" data-sitekey="x"></div>', 'captcha'],
    [200, {}, '<script src="https://js.hcaptcha.com/1/api.js"></script><div class="h-captcha"></div>', 'captcha'],
    [200, {}, '<title>Sign in</title><form><input type="password" name="p"></form>', 'login'],
    [200, {}, '<title>記事</title><p>会員限定の記事です。ログインしてください</p><input type="password">', 'login'],
    [401, {}, 'Unauthorized', 'login'],
    [403, {}, 'Forbidden', 'blocked'],
    [429, {}, 'Too Many Requests', undefined],
    [200, {}, '<title>An article</title><p>text</p>', undefined],
  ];
  for (const [status, headers, html, kind] of cases) {
    assert.equal(detectBlock({ status, headers, html })?.kind, kind, `${status} ${html.slice(0, 40)}`);
  }
});

test('a long article carrying a reCAPTCHA comment form is content, not a wall', () => {
  const html = `<title>Long read</title>${'<p>paragraph of real content</p>'.repeat(2000)}<div class="g-recaptcha"></div>`;
  assert.equal(detectBlock({ status: 200, headers: {}, html }), undefined);
});
