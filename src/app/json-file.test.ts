import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, type JsonFileProblem } from './json-file.js';

test('readJsonFile: the parsed value, or the caller’s error for a missing, malformed or off-schema file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-json-file-'));
  try {
    const schema = z.strictObject({ name: z.string(), count: z.number().int() });
    const problems: JsonFileProblem[] = [];
    const fail = (p: JsonFileProblem): Error => {
      problems.push(p);
      return new Error(`${p.kind}: ${p.why}`);
    };
    const file = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    assert.deepEqual(readJsonFile(file('ok.json', '{"name":"a","count":2}'), schema, fail), { name: 'a', count: 2 });
    assert.throws(() => readJsonFile(join(dir, 'missing.json'), schema, fail), /^Error: unreadable: ENOENT/);
    assert.throws(() => readJsonFile(file('bad.json', '{"name":'), schema, fail), /^Error: unreadable: /);
    assert.throws(() => readJsonFile(file('off.json', '{"name":"a","count":"2"}'), schema, fail), /^Error: invalid: count: /);
    assert.deepEqual(
      problems.map((p) => [p.kind, p.cause !== undefined]),
      [
        ['unreadable', true],
        ['unreadable', true],
        ['invalid', false],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
