// A fake OpenAI-compatible chat completions endpoint on a loopback server, for the llm backend's tests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web.js';

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message content. */
  content?: string;
  /** A whole raw response body instead of a chat completion. */
  raw?: string;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
}

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
}

/** A fake OpenAI-compatible endpoint on loopback (`<baseUrl>/chat/completions`); `answer` decides each reply from the request body. */
export async function fakeChatEndpoint(answer: (body: ChatBody, n: number) => FakeAnswer) {
  const bodies: ChatBody[] = [];
  const auth: Array<string | undefined> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const web: LoopbackWeb = await startLoopbackWeb();
  web.route('/v1/chat/completions', async (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    bodies.push(body);
    auth.push(req.headers.authorization);
    const a = answer(body, bodies.length);
    // Hold each request a moment so concurrent ones overlap.
    await new Promise((r) => setTimeout(r, 15));
    inFlight--;
    if (a.hang) return; // never answers; the client's timeout must fire
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(a.raw ?? JSON.stringify({ model: body.model, choices: [{ message: { role: 'assistant', content: a.content ?? '' }, finish_reason: 'stop' }] }));
  });
  return { web, bodies, auth, baseUrl: web.url('/v1'), maxInFlight: () => maxInFlight };
}
