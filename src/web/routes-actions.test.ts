import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeBack } from './routes-actions.js';

const FALLBACK = '/tasks/t1';

test('safeBack keeps a return address within this UI, as the URL parser reads it', () => {
  assert.equal(safeBack('', '/tasks/t1?status=VERIFIED#c2', FALLBACK), '/tasks/t1?status=VERIFIED#c2');
  assert.equal(safeBack('', '/tasks/t1/claims/c%2F1', FALLBACK), '/tasks/t1/claims/c%2F1');
  assert.equal(safeBack('/ui', '/ui/tasks/t1', '/ui/tasks/t1'), '/ui/tasks/t1');
  assert.equal(safeBack('/ui', '/ui/tasks/../domains', '/ui/tasks/t1'), '/ui/domains');
});

test('safeBack refuses every address a browser would read as another origin or outside the mount', () => {
  const foreign = [
    '//evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/\t\t/evil.example/x',
    '/\\evil.example/',
    '/\\/evil.example/',
    '/\u0000/evil.example/',
    '/\u007f/evil.example/',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /tasks/t1',
    'tasks/t1',
    '',
  ];
  for (const back of foreign) assert.equal(safeBack('', back, FALLBACK), FALLBACK, JSON.stringify(back));
  assert.equal(safeBack('', undefined, FALLBACK), FALLBACK);
  // Mounted under a base path: the address must stay under it after `..` is resolved.
  for (const back of ['/ui//evil.example/', '/ui/\t/evil.example/', '/ui/../tasks', '/ui/%2e%2e/tasks', '/other', '//ui/x'])
    assert.equal(safeBack('/ui', back, '/ui/tasks/t1'), '/ui/tasks/t1', JSON.stringify(back));
});
