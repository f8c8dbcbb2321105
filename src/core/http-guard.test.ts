import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkBindOptions, checkRequest, hostHeaderName, isLoopbackHost } from './http-guard.js';

test('loopback hosts and Host header names', () => {
  for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) assert.ok(isLoopbackHost(h), h);
  for (const h of ['0.0.0.0', '::', '192.168.1.2', 'localhost.evil.example', '128.0.0.1']) assert.ok(!isLoopbackHost(h), h);
  assert.equal(hostHeaderName('[::1]:3917'), '::1');
  assert.equal(hostHeaderName('LocalHost:80'), 'localhost');
  assert.equal(hostHeaderName('evil.example.com'), 'evil.example.com');
});

test('beyond loopback a token of 16+ characters is required', () => {
  assert.throws(
    () => checkBindOptions({ host: '0.0.0.0' }),
    (e: Error & { code?: string }) => e.code === 'mcp_token_required',
  );
  assert.throws(() => checkBindOptions({ host: '0.0.0.0', token: 'short' }), /at least 16/);
  checkBindOptions({ host: '0.0.0.0', token: 'x'.repeat(16) });
  checkBindOptions({ host: '127.0.0.1' });
});

test('loopback server: foreign Host or Origin refused, loopback and configured ones allowed; the token is checked', () => {
  const loop = { bindHost: '127.0.0.1' };
  assert.deepEqual(checkRequest({ host: '127.0.0.1:3917' }, loop), { ok: true });
  assert.equal(checkRequest({ host: 'evil.example:3917' }, loop).ok, false);
  assert.equal(checkRequest({ host: 'localhost:3917', origin: 'https://evil.example' }, loop).ok, false);
  assert.equal(checkRequest({ host: 'localhost:3917', origin: 'null' }, loop).ok, false);
  assert.deepEqual(checkRequest({ host: 'localhost:3917', origin: 'http://localhost:5173' }, loop), { ok: true });
  assert.deepEqual(
    checkRequest(
      { host: 'proxy.internal', origin: 'https://app.example' },
      { ...loop, allowedHosts: ['proxy.internal'], allowedOrigins: ['https://app.example'] },
    ),
    { ok: true },
  );
  const open = { bindHost: '0.0.0.0', token: 't'.repeat(20) };
  assert.deepEqual(checkRequest({ host: 'lyra.lan:3917', authorization: `Bearer ${'t'.repeat(20)}` }, open), { ok: true });
  assert.equal((checkRequest({ host: 'lyra.lan:3917' }, open) as { status?: number }).status, 401);
  assert.equal((checkRequest({ host: 'lyra.lan:3917', authorization: `Bearer ${'t'.repeat(19)}x` }, open) as { status?: number }).status, 401);
  assert.equal(
    (checkRequest({ host: 'lyra.lan', origin: 'http://localhost', authorization: `Bearer ${'t'.repeat(20)}` }, open) as { status?: number }).status,
    403,
  );
});

test('a UI accepts its own origins only, and names its own settings', () => {
  const ui = {
    bindHost: '127.0.0.1',
    ownOrigins: ['http://127.0.0.1:3918'],
    labels: { command: 'ui', tokenSetting: 'ui.token', originsSetting: 'ui.allowed_origins', codePrefix: 'ui' },
  };
  assert.deepEqual(checkRequest({ host: '127.0.0.1:3918', origin: 'http://127.0.0.1:3918' }, ui), { ok: true });
  const other = checkRequest({ host: '127.0.0.1:3918', origin: 'http://localhost:5173' }, ui);
  assert.equal(other.ok, false);
  assert.match((other as { message: string }).message, /ui\.allowed_origins/);
  assert.deepEqual(checkRequest({ host: '127.0.0.1:3918', origin: 'https://app.example' }, { ...ui, allowedOrigins: ['https://app.example'] }), { ok: true });
  assert.throws(
    () => checkBindOptions({ host: '0.0.0.0', labels: ui.labels }),
    (e: Error & { code?: string }) => e.code === 'ui_token_required' && /ui\.token/.test(e.message),
  );
});
