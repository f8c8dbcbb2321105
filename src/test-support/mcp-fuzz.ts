// Invalid tool arguments, generated from a seed: wrong types, huge strings, unknown ids, injection
// strings in places they cannot be valid, unknown and missing keys. Every case is invalid by
// construction, so each must come back as a structured tool error and change nothing.

/** Strings an attacker would try: SQL, path traversal, prototype pollution, template and shell tricks, control characters. */
export const INJECTIONS = [
  "'; DROP TABLE tasks; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  '{"__proto__": {"polluted": true}}',
  '${process.exit(1)}',
  '$(rm -rf /)',
  '`reboot`',
  '<script>alert(1)</script>',
  'task_1\u0000hidden',
  '\u202e\ufeffzero-width',
  'lyra://tasks/../../etc',
  '%00%2e%2e%2f',
  'corpus:../../../etc',
  'a'.repeat(5000),
];

export type Rng = () => number;

export function rng(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Injection strings that are not host names (a plain word such as "constructor" is a valid one). */
const NOT_DOMAINS = INJECTIONS.filter((s) => !/^[A-Za-z0-9.-]{1,253}$/.test(s));

/** Values of every JSON type but the one named (and some that are not JSON-typed at all in the schema). */
function wrongType(r: Rng, not: 'string' | 'number' | 'boolean' | 'object' | 'array'): unknown {
  const all: Record<string, () => unknown> = {
    string: () => pick(r, ['', 'x', '12', 'true', 'null']),
    number: () => pick(r, [0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2]),
    boolean: () => r() < 0.5,
    object: () => pick(r, [{}, { a: 1 }, { __proto__: { polluted: true } }]),
    array: () => pick(r, [[], [1, 2], [[]], ['x']]),
    null: () => null,
  };
  const keys = Object.keys(all).filter((k) => k !== not);
  return all[pick(r, keys)]!();
}

export const huge = (r: Rng): string => 'x'.repeat(pick(r, [10_001, 100_000, 1_000_000]));

export interface FuzzContext {
  /** An existing task (valid ids are mixed in so errors come from the bad part, not only the id). */
  taskId: string;
  /** An existing stance edge of that task, when there is one. */
  edgeId?: string;
}

export interface FuzzCase {
  tool: string;
  args: unknown;
  /** Which rule this case breaks. */
  kind: string;
}

function unknownId(r: Rng, prefix: string): string {
  return `${prefix}_${Math.floor(r() * 1e12).toString(16)}nonexistent`;
}

/** One generator per tool; each returns an invalid argument object. */
const generators: Record<string, (r: Rng, c: FuzzContext) => Omit<FuzzCase, 'tool'>> = {
  create_task: (r) =>
    pick(r, [
      () => ({ kind: 'wrong type: question', args: { question: wrongType(r, 'string') } }),
      () => ({ kind: 'huge question', args: { question: huge(r) } }),
      () => ({ kind: 'empty question', args: { question: '   ' } }),
      () => ({ kind: 'missing question', args: {} }),
      () => ({ kind: 'wrong budget type', args: { question: pick(r, INJECTIONS), budget: { max_pages: wrongType(r, 'number') } } }),
      () => ({ kind: 'negative budget', args: { question: 'q', budget: { max_seconds: -5 } } }),
      () => ({ kind: 'injection in provider', args: { question: 'q', providers: [pick(r, INJECTIONS)] } }),
      () => ({ kind: 'injection in domain', args: { question: 'q', priority_domains: [pick(r, NOT_DOMAINS)] } }),
      () => ({ kind: 'injection in language', args: { question: 'q', language: pick(r, INJECTIONS) } }),
      () => ({ kind: 'unknown key', args: { question: 'q', [pick(r, ['__proto__x', 'sql', 'recommend'])]: 1 } }),
      () => ({ kind: 'wrong type: include_config', args: { question: 'q', include_config: wrongType(r, 'boolean') } }),
      () => ({ kind: 'arguments not an object', args: wrongType(r, 'object') }),
    ])(),
  search: (r, c) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), query: pick(r, ['climate', ...INJECTIONS.slice(0, 5)]) } }),
      () => ({ kind: 'injection in task id', args: { task_id: pick(r, INJECTIONS), query: 'q' } }),
      () => ({ kind: 'huge query', args: { task_id: c.taskId, query: huge(r) } }),
      () => ({ kind: 'wrong type: query', args: { task_id: c.taskId, query: wrongType(r, 'string') } }),
      () => ({ kind: 'wrong type: options', args: { task_id: c.taskId, query: 'q', options: wrongType(r, 'object') } }),
      () => ({ kind: 'bad max_pages', args: { task_id: c.taskId, query: 'q', options: { max_pages: pick(r, [0, -3, 2.5, 'ten']) } } }),
      () => ({ kind: 'injection in provider', args: { task_id: c.taskId, query: 'q', options: { providers: [pick(r, INJECTIONS)] } } }),
      () => ({ kind: 'bad max_claims', args: { task_id: c.taskId, query: 'q', options: { max_claims: pick(r, [-1, 1.5, 1_001, 'all']) } } }),
      () => ({ kind: 'wrong type: background', args: { task_id: c.taskId, query: 'q', options: { background: wrongType(r, 'boolean') } } }),
      () => ({ kind: 'background on an unknown task', args: { task_id: unknownId(r, 'task'), query: 'q', options: { background: true } } }),
    ])(),
  queue_searches: (r, c) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), targets: [{ query: 'q' }] } }),
      () => ({ kind: 'empty targets', args: { task_id: c.taskId, targets: [] } }),
      () => ({ kind: 'too many targets', args: { task_id: c.taskId, targets: Array.from({ length: 201 }, () => ({ query: 'q' })) } }),
      () => ({ kind: 'mixed target', args: { task_id: c.taskId, targets: [{ query: 'q', url: 'https://x.example' }] } }),
      () => ({ kind: 'bad url', args: { task_id: c.taskId, targets: [{ url: pick(r, ['file:///etc/passwd', 'javascript:alert(1)', ...INJECTIONS]) }] } }),
      () => ({ kind: 'wrong type: targets', args: { task_id: c.taskId, targets: wrongType(r, 'array') } }),
    ])(),
  get_status: (r, c) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task') } }),
      () => ({ kind: 'injection in task id', args: { task_id: pick(r, INJECTIONS) } }),
      () => ({ kind: 'wrong type: task_id', args: { task_id: wrongType(r, 'string') } }),
      () => ({ kind: 'huge task id', args: { task_id: huge(r) } }),
      () => ({ kind: 'bad wait_seconds', args: { task_id: c.taskId, wait_seconds: pick(r, [-1, 0.5, 3_601, 1e12, 'forever']) } }),
      () => ({ kind: 'wait on an unknown task', args: { task_id: unknownId(r, 'task'), wait_seconds: 1 } }),
    ])(),
  stop_task: (r, c) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), reason: pick(r, INJECTIONS) } }),
      () => ({ kind: 'huge reason', args: { task_id: c.taskId, reason: huge(r) } }),
      () => ({ kind: 'wrong type: reason', args: { task_id: c.taskId, reason: wrongType(r, 'string') } }),
    ])(),
  get_materials: (r, c) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task') } }),
      () => ({ kind: 'bad paging', args: { task_id: c.taskId, paging: { limit: pick(r, [0, 1001, -1, 1.5]) } } }),
      () => ({ kind: 'wrong type: include_graph', args: { task_id: c.taskId, include_graph: wrongType(r, 'boolean') } }),
      () => ({ kind: 'unknown field', args: { task_id: c.taskId, fields: [pick(r, ['quote', 'statementX', 'claimId', ...INJECTIONS])] } }),
      () => ({ kind: 'bad per_claim', args: { task_id: c.taskId, per_claim: pick(r, [-1, 101, 2.5, 'all']) } }),
      () => ({ kind: 'bad quote_chars', args: { task_id: c.taskId, quote_chars: pick(r, [0, 39, 100_001, 'full']) } }),
      () => ({ kind: 'bad max_bytes', args: { task_id: c.taskId, max_bytes: pick(r, [0, 999, 10_000_001, -5]) } }),
      () => ({ kind: 'unknown fragment', args: { task_id: c.taskId, fragment_ids: [unknownId(r, 'fr')] } }),
      () => ({ kind: 'unknown claim', args: { task_id: c.taskId, claim_ids: [unknownId(r, 'clm')] } }),
      () => ({ kind: 'injection in fragment id', args: { task_id: c.taskId, fragment_ids: [pick(r, NOT_IDS)] } }),
      () => ({ kind: 'too many fragment ids', args: { task_id: c.taskId, fragment_ids: Array.from({ length: 101 }, (_, i) => `fr_${i}`) } }),
    ])(),
  feedback: (r, c) =>
    pick(r, [
      () => ({
        kind: 'unknown edge',
        args: { task_id: c.taskId, kind: 'edge_stance', target_id: unknownId(r, 'edg'), label: 'refutes', author: 'fuzz', reason: 'x' },
      }),
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), kind: 'claim_rejected', target_id: 'clm_1', author: 'fuzz', reason: 'x' } }),
      () => ({
        kind: 'unknown claim',
        args: { task_id: c.taskId, kind: 'claim_rejected', target_id: unknownId(r, 'clm'), author: 'fuzz', reason: pick(r, INJECTIONS) },
      }),
      () => ({
        kind: 'unknown fragment',
        args: { task_id: c.taskId, kind: 'fragment_irrelevant', target_id: unknownId(r, 'frg'), author: 'fuzz', reason: 'x' },
      }),
      () => ({
        kind: 'bad label',
        args: {
          task_id: c.taskId,
          kind: 'edge_stance',
          target_id: c.edgeId ?? 'edg_x',
          label: pick(r, ['SUPPORTS', 'maybe', ...INJECTIONS]),
          author: 'fuzz',
          reason: 'x',
        },
      }),
      () => ({ kind: 'missing label', args: { task_id: c.taskId, kind: 'edge_stance', target_id: c.edgeId ?? 'edg_x', author: 'fuzz', reason: 'x' } }),
      () => ({
        kind: 'label on claim',
        args: { task_id: c.taskId, kind: 'claim_rejected', target_id: 'clm_x', label: 'refutes', author: 'fuzz', reason: 'x' },
      }),
      () => ({ kind: 'bad kind', args: { task_id: c.taskId, kind: pick(r, INJECTIONS), target_id: c.edgeId ?? 'edg_x', author: 'fuzz', reason: 'x' } }),
      () => ({
        kind: 'injection in target id',
        args: { task_id: c.taskId, kind: 'edge_stance', target_id: pick(r, INJECTIONS), label: 'neutral', author: 'fuzz', reason: 'x' },
      }),
      () => ({
        kind: 'huge reason',
        args: { task_id: c.taskId, kind: 'edge_stance', target_id: c.edgeId ?? 'edg_x', label: 'neutral', author: 'fuzz', reason: huge(r) },
      }),
      () => ({
        kind: 'empty author',
        args: { task_id: c.taskId, kind: 'edge_stance', target_id: c.edgeId ?? 'edg_x', label: 'neutral', author: ' ', reason: 'x' },
      }),
    ])(),
  calibration_metrics: (r) =>
    pick(r, [
      () => ({ kind: 'bad action', args: { action: pick(r, ['delete', 'FIT', ...INJECTIONS]) } }),
      () => ({ kind: 'fit without backend', args: { action: 'fit' } }),
      () => ({ kind: 'fit without samples', args: { action: 'fit', backend: unknownId(r, 'backend') } }),
      () => ({ kind: 'wrong type: backend', args: { backend: wrongType(r, 'string') } }),
      () => ({ kind: 'bad method', args: { action: 'fit', backend: 'embedded', method: pick(r, ['isotonic', ...INJECTIONS]) } }),
    ])(),
  calibration_rollback: (r) =>
    pick(r, [
      () => ({ kind: 'unknown version', args: { backend: 'embedded', version: 10_000 + Math.floor(r() * 990_000) } }),
      () => ({ kind: 'negative version', args: { backend: 'embedded', version: -1 } }),
      () => ({ kind: 'wrong type: version', args: { backend: 'embedded', version: wrongType(r, 'number') } }),
      () => ({
        kind: 'injection in backend',
        args: {
          backend: pick(
            r,
            INJECTIONS.filter((s) => /\s|\+/.test(s) || s.length > 300 || s === ''),
          ),
          version: 1,
        },
      }),
      () => ({ kind: 'unknown backend', args: { backend: unknownId(r, 'backend'), version: 2 } }),
    ])(),
  get_auth_queue: (r) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task') } }),
      () => ({ kind: 'bad status', args: { status: pick(r, ['all', ...INJECTIONS]) } }),
      () => ({ kind: 'bad limit', args: { limit: pick(r, [0, 501, -2, 'many']) } }),
    ])(),
  resolve_auth: (r) =>
    pick(r, [
      () => ({ kind: 'unknown item', args: { item_id: unknownId(r, 'auth'), action: 'solved' } }),
      () => ({ kind: 'unknown domain', args: { domain: `${unknownId(r, 'd')}.example`, action: 'skip' } }),
      () => ({ kind: 'neither item nor domain', args: { action: 'skip' } }),
      () => ({ kind: 'both item and domain', args: { item_id: unknownId(r, 'auth'), domain: 'x.example', action: 'skip' } }),
      () => ({ kind: 'bad action', args: { item_id: unknownId(r, 'auth'), action: pick(r, ['retry', ...INJECTIONS]) } }),
      () => ({ kind: 'injection in domain', args: { domain: pick(r, NOT_DOMAINS), action: 'skip' } }),
    ])(),
};

/** Statements query_sql must refuse: writes, ATTACH, PRAGMA, several statements, and SQL that fails. */
export const REFUSED_SQL = [
  'DELETE FROM tasks',
  'DROP TABLE claims',
  "INSERT INTO tasks (id, question, status, budget_json, created_at) VALUES ('x', 'q', 'created', '{}', 'now')",
  "UPDATE claims SET status = 'VERIFIED'",
  "ATTACH DATABASE '/tmp/lyra-fuzz.db' AS other",
  "  /* comment */ attach ':memory:' as m",
  'DETACH DATABASE main',
  'PRAGMA query_only = 0',
  'PRAGMA journal_mode = DELETE',
  'SELECT 1; DELETE FROM tasks',
  'WITH x AS (SELECT 1) DELETE FROM tasks WHERE id IN (SELECT * FROM x)',
  'VACUUM',
  'BEGIN IMMEDIATE',
  'CREATE TABLE evil (x)',
  "SELECT load_extension('/tmp/evil.so')",
  'SELEC * FROM tasks',
  'SELECT * FROM no_such_table',
  '',
  "'; DROP TABLE tasks; --",
];

/** Injection strings that are not ids (letters, digits and _ . : - only). */
const NOT_IDS = INJECTIONS.filter((s) => !/^[A-Za-z0-9_.:-]{1,200}$/.test(s));

Object.assign(generators, {
  queue_targets: (r: Rng, c: FuzzContext) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), targets: [{ kind: 'query', query: 'q' }] } }),
      () => ({ kind: 'empty targets', args: { task_id: c.taskId, targets: [] } }),
      () => ({ kind: 'bad kind', args: { task_id: c.taskId, targets: [{ kind: pick(r, ['sql', 'file', ...INJECTIONS]), query: 'q' }] } }),
      () => ({ kind: 'missing kind', args: { task_id: c.taskId, targets: [{ query: 'q' }] } }),
      () => ({ kind: 'url under kind query', args: { task_id: c.taskId, targets: [{ kind: 'query', url: 'https://x.example' }] } }),
      () => ({
        kind: 'bad url',
        args: { task_id: c.taskId, targets: [{ kind: 'url', url: pick(r, ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x', ...INJECTIONS]) }] },
      }),
      () => ({ kind: 'bad doi', args: { task_id: c.taskId, targets: [{ kind: 'doi', doi: pick(r, ['', 'a b', huge(r)]) }] } }),
      () => ({ kind: 'too many targets', args: { task_id: c.taskId, targets: Array.from({ length: 201 }, () => ({ kind: 'query', query: 'q' })) } }),
      () => ({ kind: 'bad options', args: { task_id: c.taskId, targets: [{ kind: 'query', query: 'q' }], options: { max_pages: pick(r, [0, -1, 'many']) } } }),
    ])(),
  queue_reference_candidates: (r: Rng, c: FuzzContext) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), dry_run: true } }),
      () => ({ kind: 'include and exclude', args: { task_id: c.taskId, include_ids: ['pg_a'], exclude_ids: ['pg_b'] } }),
      () => ({ kind: 'bad limit', args: { task_id: c.taskId, limit: pick(r, [0, 201, -1, 2.5, 'all']) } }),
      () => ({ kind: 'injection in ids', args: { task_id: c.taskId, include_ids: [pick(r, NOT_IDS)] } }),
      () => ({ kind: 'wrong type: dry_run', args: { task_id: c.taskId, dry_run: wrongType(r, 'boolean') } }),
      () => ({ kind: 'empty include', args: { task_id: c.taskId, include_ids: [] } }),
    ])(),
  list_views: (r: Rng) => pick(r, [() => ({ kind: 'unknown key', args: { [pick(r, ['task_id', 'sql', '__proto__x'])]: pick(r, INJECTIONS) } })])(),
  query_view: (r: Rng, c: FuzzContext) =>
    pick(r, [
      () => ({ kind: 'unknown view', args: { name: pick(r, ['tasks', 'v_contradictions', ...INJECTIONS]), task_id: c.taskId } }),
      () => ({ kind: 'unknown task', args: { name: 'contradictions', task_id: unknownId(r, 'task') } }),
      () => ({ kind: 'injection in task id', args: { name: 'claim_origins', task_id: pick(r, NOT_IDS) } }),
      () => ({ kind: 'missing name', args: { task_id: c.taskId } }),
      () => ({ kind: 'bad limit', args: { name: 'source_impact', task_id: c.taskId, limit: pick(r, [0, -1, 1.5, 100_001, 'all']) } }),
      () => ({ kind: 'bad offset', args: { name: 'source_impact', task_id: c.taskId, offset: pick(r, [-1, 0.5, 'next']) } }),
    ])(),
  query_sql: (r: Rng) =>
    pick(r, [
      () => ({ kind: 'refused statement', args: { sql: pick(r, REFUSED_SQL) } }),
      () => ({ kind: 'huge sql', args: { sql: `SELECT 1 -- ${'x'.repeat(pick(r, [20_001, 100_000]))}` } }),
      () => ({ kind: 'wrong type: sql', args: { sql: wrongType(r, 'string') } }),
      () => ({ kind: 'bad params', args: { sql: 'SELECT ?', params: pick(r, [[{ a: 1 }], [[1]], 'x', [true]]) } }),
      () => ({ kind: 'bad max_rows', args: { sql: 'SELECT 1', max_rows: pick(r, [0, -1, 1.5, 100_001]) } }),
      () => ({ kind: 'unbound parameter count', args: { sql: 'SELECT ?, ?', params: [1, 2, 3] } }),
    ])(),
  vector_search: (r: Rng, c: FuzzContext) =>
    pick(r, [
      () => ({ kind: 'unknown task', args: { task_id: unknownId(r, 'task'), query: 'warming' } }),
      () => ({ kind: 'empty query', args: { task_id: c.taskId, query: '   ' } }),
      () => ({ kind: 'huge query', args: { task_id: c.taskId, query: huge(r) } }),
      () => ({ kind: 'bad limit', args: { task_id: c.taskId, query: 'q', limit: pick(r, [0, 1_001, -3, 'ten']) } }),
      () => ({ kind: 'bad min_score', args: { task_id: c.taskId, query: 'q', min_score: pick(r, [-2, 1.5, 'high']) } }),
    ])(),
});

export const FUZZ_TOOLS = Object.keys(generators);

/** `n` invalid calls spread over every tool, the same for the same seed. */
export function invalidCases(options: { n: number; seed: number; context: FuzzContext }): FuzzCase[] {
  const r = rng(options.seed);
  return Array.from({ length: options.n }, (_, i) => {
    const tool = FUZZ_TOOLS[i % FUZZ_TOOLS.length]!;
    const c = generators[tool]!(r, options.context);
    return { tool, ...c };
  });
}
