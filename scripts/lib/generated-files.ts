// The files a training command generates (weights as JSON, the model card): written to the model's
// folder, or with --check compared with what is there, so that "the shipped files are what this command
// produces" can be checked. Exits 1 on a --check that differs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeOrCheck(options: { command: string; outDir: string; files: Record<string, string>; check: boolean }): void {
  const { command, outDir, files, check } = options;
  if (check) {
    const same = (name: string, text: string): boolean => existsSync(join(outDir, name)) && readFileSync(join(outDir, name), 'utf8') === text;
    const ok = Object.entries(files).every(([name, text]) => same(name, text));
    console.error(ok ? `${command} --check: the shipped files are what this command produces` : `${command} --check: the shipped files DIFFER`);
    process.exit(ok ? 0 : 1);
  }
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
}
