import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTaskResourceUri } from './resource-uris.js';

test('task resource URIs', () => {
  assert.deepEqual(parseTaskResourceUri('lyra://tasks/task_1/materials'), { taskId: 'task_1', kind: 'materials' });
  assert.deepEqual(parseTaskResourceUri('lyra://tasks/task_1/materials?offset=1000'), { taskId: 'task_1', kind: 'materials', offset: 1000 });
  assert.deepEqual(parseTaskResourceUri('lyra://tasks/task_1/graph'), { taskId: 'task_1', kind: 'graph' });
  for (const bad of [
    'lyra://tasks/../graph/x',
    'lyra://tasks/a/b/graph',
    'file:///etc/passwd',
    'lyra://tasks/%E0%A4%A/graph',
    'lyra://tasks/x/materials?offset=-1',
  ])
    assert.equal(parseTaskResourceUri(bad), undefined, bad);
});
