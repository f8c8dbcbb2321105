// PDF decompression bomb benchmark (issue 35, finding 2): writes a one-page PDF whose content stream
// inflates to --inflated-mb (default 800) MB, runs `lyra extract` on it under /usr/bin/time, and prints
// the exit code, the error, wall time and peak RSS — with the default limit (extract.max_pdf_inflated_bytes,
// 256 MiB) and, as the baseline in the same run, with the limit lifted (what pdf.js alone does).
//   npm run bench:pdf-bomb [-- --inflated-mb 800 --no-baseline --json out.json]
// Target: an error naming the limit, peak RSS ≤ 600 MB. Needs /usr/bin/time (Debian package time).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { pdfBomb } from '../src/test-support/pdf-bomb.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    'inflated-mb': { type: 'string', default: '800' },
    'no-baseline': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
if (!existsSync('/usr/bin/time')) {
  console.error('bench:pdf-bomb needs /usr/bin/time (Debian package time)');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'lyra-pdf-bomb-'));
try {
  const mb = Number(args['inflated-mb']);
  const file = join(dir, 'bomb.pdf');
  const bytes = await pdfBomb({ inflatedBytes: mb * 1024 * 1024 });
  writeFileSync(file, bytes);
  console.log(`bomb: ${(bytes.length / 1024).toFixed(0)} KB on disk, inflating to ${mb} MB`);
  const lifted = join(dir, 'lifted.yaml');
  writeFileSync(lifted, `extract:\n  max_pdf_inflated_bytes: ${2 ** 40}\n`);
  const run = (label: string, config?: string): Record<string, unknown> => {
    const r = spawnSync(
      '/usr/bin/time',
      ['-f', '%M %e', process.execPath, join(PROJECT_ROOT, 'bin', 'lyra.js'), 'extract', file, ...(config ? ['--config', config] : [])],
      {
        env: { ...process.env, LYRA_HOME: join(dir, 'home') },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const lines = r.stderr.trim().split('\n');
    const [kb, wall] = lines.at(-1)!.split(' ').map(Number);
    const error = lines.slice(0, -1).find((l) => /pdf_too_large|limit|error/i.test(l)) ?? '';
    const row = { label, exit: r.status, peakRssMb: Math.round(kb! / 1024), wallS: wall, error: error.slice(0, 200) };
    console.log(`${label.padEnd(26)} exit ${r.status}  peak RSS ${String(row.peakRssMb).padStart(5)} MB  wall ${wall} s  ${row.error}`);
    return row;
  };
  const rows = [run('default limit (256 MiB)')];
  if (!args['no-baseline']) rows.push(run('limit lifted (baseline)', lifted));
  const ok = rows[0]!.exit !== 0 && /pdf_too_large|max_pdf_inflated_bytes/.test(String(rows[0]!.error)) && Number(rows[0]!.peakRssMb) <= 600;
  if (rows[1]) console.log(`peak RSS ratio (default / baseline): ${(Number(rows[0]!.peakRssMb) / Number(rows[1].peakRssMb)).toFixed(3)}`);
  console.log(`target (error naming the limit, peak RSS ≤ 600 MB): ${ok ? 'met' : 'NOT met'}`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ inflatedMb: mb, diskBytes: bytes.length, rows }, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
