// `lyra ui --open`: the system's way to open an address in the default browser (xdg-open, open,
// start), started detached; a failure to start it is reported, never fatal.
import { spawn } from 'node:child_process';

export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [cmd, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
    child.once('error', (err) => reject(new Error(`could not start ${cmd} to open ${url}: ${err.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
