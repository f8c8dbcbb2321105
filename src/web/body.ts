// Reading a form body with a size limit counted while reading (a declared Content-Length over it is
// refused before reading anything).
import type { IncomingMessage } from 'node:http';
import { InvalidInputError } from '../core/index.js';

export class BodyTooLargeError extends InvalidInputError {
  constructor(limit: number) {
    super(`request body larger than ${limit} bytes (ui.max_body_bytes)`, { code: 'ui_body_too_large', details: { limit } });
  }
}

export function readBody(req: IncomingMessage, limit: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = (): void => {
      req.destroy();
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.destroy();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
