import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { doctorReportSchema, type DoctorReport } from '../../app/doctor/index.js';
import { runCli, tempHome } from '../../test-support/cli.js';
import { startLoopbackWeb } from '../../test-support/loopback-web.js';

/** A loopback port nothing listens on (connections are refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('lyra doctor --json probes each configured source once, names which models judge English and Japanese, and gives a fix for each problem', async () => {
  const web = await startLoopbackWeb();
  const home = tempHome();
  const closed = await closedPort();
  try {
    web.route('/searx/search', { status: 403, body: 'json format disabled' });
    web.route('/s2/paper/search', json({ total: 0, data: [] }));
    web.route('/crossref/works', { status: 503, body: 'down' });
    web.route('/pubmed/einfo.fcgi', { body: '<html><body>', fault: { hang: true } });
    web.route('/v1/models', json({ data: [{ id: 'fake-model' }] }));
    // Probes of one host share its politeness slot: this host may be asked often.
    writeFileSync(join(home, 'domains.yaml'), 'domains:\n  - { domain: 127.0.0.1, trust_level: unverified, qps: 20 }\n');
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      [
        'providers:',
        `  searxng: { base_url: "${web.url('/searx/')}" }`,
        'scholarly:',
        `  semantic_scholar: { base_url: "${web.url('/s2')}", api_key: doctor-secret-key }`,
        `  openalex: { base_url: "http://127.0.0.1:${closed}" }`,
        `  crossref: { base_url: "${web.url('/crossref')}" }`,
        '  arxiv: { enabled: false }',
        `  pubmed: { base_url: "${web.url('/pubmed')}" }`,
        'models:',
        '  stance: { backend: transformers }',
        '  transformers: { model: Xenova/not-pulled-yet }',
        `  llm: { base_url: "${web.url('/v1')}", model: fake-model }`,
        'fetch:',
        '  max_retries: 3',
        '  render: { chromium_path: /nonexistent/chromium }',
        '',
      ].join('\n'),
    );
    const r = await runCli(['doctor', '--json', '--timeout', '500'], { home });
    assert.equal(r.code, 1, 'a missing stance model is an error');
    const report: DoctorReport = doctorReportSchema.parse(JSON.parse(r.out));
    assert.equal(report.ok, false);
    assert.deepEqual([report.config.file, report.config.source, report.config.network_trusted], [join(home, 'lyra.config.yaml'), 'home', true]);
    assert.deepEqual(report.probes, { enabled: true, timeout_ms: 500 });
    const by = Object.fromEntries(report.sources.map((s) => [s.name, s]));
    assert.deepEqual([by.searxng!.probe.status, by.searxng!.probe.http_status], ['http_error', 403]);
    assert.deepEqual([by.semantic_scholar!.probe.status, by.semantic_scholar!.probe.http_status], ['ok', 200]);
    assert.equal(by.openalex!.probe.status, 'unreachable');
    assert.deepEqual([by.crossref!.probe.status, by.crossref!.probe.http_status], ['http_error', 503]);
    assert.deepEqual([by.arxiv!.enabled, by.arxiv!.probe.status], [false, 'skipped']);
    assert.equal(by.pubmed!.probe.status, 'unreachable', 'a service that never finishes answering is cut at the timeout');
    assert.deepEqual(
      [by.unpaywall!.enabled, by.duckduckgo!.enabled, by.browser!.enabled],
      [false, false, false],
      'searxng configured: no zero-config web provider',
    );
    assert.deepEqual([by.llm!.probe.status, by.llm!.probe.http_status], ['ok', 200]);
    assert.equal(web.requestsTo('/crossref/works').length, 1, 'one request per probe, no retry');
    assert.equal(web.requestsTo('/s2/paper/search')[0]!.headers['x-api-key'], 'doctor-secret-key', 'the configured key is sent');
    assert.doesNotMatch(r.out, /doctor-secret-key/, 'and never printed');
    // English and Japanese are judged by the one transformers model, which is not there.
    assert.deepEqual(report.models.stance.en, {
      backend: 'transformers',
      model: 'Xenova/not-pulled-yet',
      path: join(home, 'models', 'Xenova/not-pulled-yet'),
      present: false,
    });
    assert.deepEqual(report.models.stance.ja, report.models.stance.en);
    assert.deepEqual(report.models.llm, { configured: true, base_url: web.url('/v1'), model: 'fake-model' });
    assert.deepEqual(report.chromium, { path: '/nonexistent/chromium', source: 'config', found: false, render_enabled: false });
    assert.deepEqual(report.paths.store, { path: join(home, 'lyra.db'), exists: false, bytes: null, corpora: [] });
    const problem = (code: string, needle?: string) => report.problems.find((p) => p.code === code && (!needle || p.message.includes(needle)));
    assert.deepEqual(problem('model_not_found'), {
      severity: 'error',
      code: 'model_not_found',
      message: `the stance model Xenova/not-pulled-yet is not in ${join(home, 'models', 'Xenova/not-pulled-yet')}`,
      fix: 'lyra models pull Xenova/not-pulled-yet',
    });
    assert.match(problem('source_http_error', 'searxng')!.fix, /search\.formats: \[html, json\]/);
    assert.equal(problem('source_unreachable', 'openalex')!.severity, 'warning');
    assert.match(problem('chromium_missing')!.fix, /fetch\.render\.chromium_path/);
    assert.equal(problem('no_source_reachable'), undefined, 'Semantic Scholar answered');
    assert.equal(problem('no_translator'), undefined, 'models.llm is set');
    assert.equal(report.problems.filter((p) => p.severity === 'error').length, 1);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await web.close();
  }
});

test('an offline machine: one finding, not one per source, that names the shipped example corpus and both ways on (a warning: local corpora still work); --no-probe sends nothing', async () => {
  const home = tempHome();
  const closed = await closedPort();
  try {
    const base = `http://127.0.0.1:${closed}`;
    // Six probes of one host: at the unlisted-host default of 1 qps they would wait 5 s in line.
    writeFileSync(join(home, 'domains.yaml'), 'domains:\n  - { domain: 127.0.0.1, trust_level: unverified, qps: 20 }\n');
    const scholarly = ['scholarly:', ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { base_url: "${base}/${s}" }`)];
    writeFileSync(join(home, 'lyra.config.yaml'), [`providers: { duckduckgo: { base_url: "${base}/html/" } }`, ...scholarly, ''].join('\n'));
    const r = await runCli(['doctor', '--json'], { home });
    assert.equal(r.code, 0, 'offline is not an error while the shipped example corpus can be searched');
    const report = doctorReportSchema.parse(JSON.parse(r.out));
    assert.deepEqual(
      report.sources.filter((s) => s.enabled).map((s) => [s.name, s.probe.status]),
      [['duckduckgo', 'unreachable'], ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((n) => [n, 'unreachable'])],
    );
    const offline = report.problems.find((p) => p.code === 'no_source_reachable')!;
    assert.equal(offline.severity, 'warning');
    assert.match(
      offline.message,
      /^offline: .*duckduckgo, semantic_scholar, openalex, crossref, arxiv, pubmed did not answer.*local corpora still work: example/,
    );
    assert.match(offline.fix, /connect to the network.*--corpus example.*lyra corpus add <folder>/);
    assert.deepEqual(
      report.problems.filter((p) => p.code === 'source_unreachable'),
      [],
      'no per-source DNS warnings beside the one offline finding',
    );
    assert.ok(report.problems.some((p) => p.code === 'no_translator'));
    assert.deepEqual(report.models.stance.en.backend, 'embedded');
    assert.ok(report.models.stance.en.present && report.models.stance.ja.present, 'the shipped stance models are there');
    assert.match(report.models.stance.ja.path ?? '', /stance-ja\.json$/);

    const local = await runCli(['doctor', '--json', '--no-probe'], { home });
    assert.equal(local.code, 0, local.err);
    const quiet = doctorReportSchema.parse(JSON.parse(local.out));
    assert.ok(quiet.sources.every((s) => s.probe.status === 'skipped'));
    assert.equal(quiet.probes.enabled, false);
    const text = await runCli(['doctor', '--no-probe'], { home });
    assert.match(text.out, /^stance +English: embedded +stance-en\.json +present$/m);
    assert.match(text.out, /^ +Japanese: embedded +stance-ja\.json +present$/m);
    // The default reads the embedded judge's refutations again with models/nli-en (models.stance.second_reading).
    assert.match(text.out, /^ +refutes read again by nli-en +present$/m);
    assert.deepEqual(quiet.models.second_reading && [quiet.models.second_reading.edges, quiet.models.second_reading.present], ['refutes', true]);
    assert.match(text.out, /warning +no_translator: .*\n +fix: set models\.llm/);
    // models.stance.japanese: nli sends Japanese claims to the pretrained cross-encoder (models/nli-ja, opt-in).
    writeFileSync(join(home, 'lyra.config.yaml'), ['models: { stance: { japanese: nli } }', ...scholarly, ''].join('\n'));
    const nli = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.match(nli.models.stance.ja.path ?? '', /nli-ja\/lyra\.json$/);
    assert.deepEqual([nli.models.stance.ja.backend, nli.models.stance.ja.model], ['embedded', 'nli-ja']);
    writeFileSync(join(home, 'lyra.config.yaml'), ['models: { stance: { second_reading: none } }', ...scholarly, ''].join('\n'));
    const once = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.equal(once.models.second_reading, null);
    writeFileSync(join(home, 'lyra.config.yaml'), ['models: { stance: { backend: nli, second_reading: nli } }', ...scholarly, ''].join('\n'));
    const moot = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.equal(moot.models.second_reading, null);
    assert.match(moot.problems.find((p) => p.code === 'setting_ignored')?.message ?? '', /second_reading: nli has no effect under models\.stance\.backend nli/);
    // Under a backend that judges every language itself, the setting does nothing, and doctor says so.
    writeFileSync(join(home, 'lyra.config.yaml'), ['models: { stance: { backend: transformers, japanese: nli } }', ...scholarly, ''].join('\n'));
    const ignored = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.match(
      ignored.problems.find((p) => p.code === 'setting_ignored')?.message ?? '',
      /models\.stance\.japanese: nli has no effect under models\.stance\.backend transformers/,
    );
    // Web search is on with no setting (the zero-config provider); turned off, doctor says how to turn it back on.
    writeFileSync(join(home, 'lyra.config.yaml'), ['fetch: { render: { chromium_path: /nonexistent/chromium } }', ...scholarly, ''].join('\n'));
    const zero = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.deepEqual(
      zero.sources.filter((s) => s.kind === 'web' && s.enabled).map((s) => [s.name, s.base_url]),
      [['duckduckgo', 'https://html.duckduckgo.com/html/']],
    );
    assert.deepEqual([zero.web_search.enabled, zero.web_search.providers, zero.web_search.zero_config], [true, ['duckduckgo'], 'duckduckgo']);
    assert.match(zero.web_search.reason, /no Chromium at \/nonexistent\/chromium/);
    writeFileSync(join(home, 'lyra.config.yaml'), ['web_search: { enabled: false }', ...scholarly, ''].join('\n'));
    const off = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.ok(off.sources.every((s) => s.kind !== 'web' || !s.enabled));
    assert.deepEqual([off.web_search.enabled, off.web_search.providers], [false, []]);
    assert.ok(off.problems.some((p) => p.code === 'no_web_provider' && /web_search\.enabled/.test(p.fix)));
    const bad = await runCli(['doctor', '--timeout', '5'], { home });
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--timeout/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra doctor names the pretrained judge when models.stance.backend is nli, and its Japanese fallback', async () => {
  const home = tempHome();
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), 'models:\n  stance:\n    backend: nli\n');
    const report = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.deepEqual(
      [report.models.stance_backend, report.models.stance.en.model, report.models.stance.en.present, report.models.stance.ja.present],
      ['nli', 'nli-en', true, true],
    );
    assert.match(report.models.stance.en.path ?? '', /nli-en[/\\]lyra\.json$/);
    assert.ok(!report.problems.some((p) => p.code === 'stance_model_missing'));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra doctor reports how research scores relevance: by meaning with the shipped weights, and a configured file that does not read as an error', async () => {
  const home = tempHome();
  try {
    const shipped = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.equal(shipped.models.relevance?.backend, 'meaning');
    assert.equal(shipped.models.relevance?.readable, true);
    assert.match(shipped.models.relevance?.path ?? '', /models[/\\]relevance[/\\]relevance\.json$/);
    writeFileSync(join(home, 'lyra.config.yaml'), 'models:\n  relevance: { weights_path: ./no-such-relevance.json }\n');
    const r = await runCli(['doctor', '--json', '--no-probe'], { home });
    assert.equal(r.code, 1);
    const broken = doctorReportSchema.parse(JSON.parse(r.out));
    assert.equal(broken.models.relevance?.readable, false);
    const problem = broken.problems.find((p) => p.code === 'model_file_invalid');
    assert.ok(problem && problem.severity === 'error' && problem.message.includes('no-such-relevance.json'), JSON.stringify(broken.problems));
    writeFileSync(join(home, 'lyra.config.yaml'), 'models:\n  relevance: { backend: rules }\n');
    const rules = doctorReportSchema.parse(JSON.parse((await runCli(['doctor', '--json', '--no-probe'], { home })).out));
    assert.deepEqual(rules.models.relevance, { backend: 'rules', path: null, readable: false, error: null });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
