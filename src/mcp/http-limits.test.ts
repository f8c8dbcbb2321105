// Issue 20, hole 8: the MCP HTTP server bounds slow and idle clients and the number of connections;
// issue 35, finding 6: sessions of clients gone without DELETE are reclaimed, and an idle one yields.
// Raw loopback sockets play the clients; the deadlines waited for are generous (they catch a server
// that never closes, not a slow one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { startHttpServer } from './index.js';

const minimal = (): Server => new Server({ name: 'limits-test', version: '0.0.0' }, { capabilities: {} });

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

/** Resolves true when the server closes the socket within `ms`, false otherwise. */
function closedWithin(s: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    s.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    s.on('error', () => undefined);
    s.resume();
  });
}

test('a client sending its headers slowly is cut off by the headers timeout; an idle keep-alive connection is closed', { timeout: 60_000 }, async () => {
  const http = await startHttpServer({ port: 0, createServer: minimal, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, idleTimeoutMs: 500 });
  try {
    const slow = await open(http.port);
    slow.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // and never finishes the headers
    assert.equal(await closedWithin(slow, 20_000), true, 'the slow client was disconnected');
    const idle = await open(http.port);
    assert.equal(await closedWithin(idle, 20_000), true, 'the idle connection was closed');
  } finally {
    await http.close();
  }
});

test('connections beyond mcp.http.max_connections are dropped at accept', { timeout: 60_000 }, async () => {
  const http = await startHttpServer({
    port: 0,
    createServer: minimal,
    maxConnections: 3,
    headersTimeoutMs: 30_000,
    requestTimeoutMs: 60_000,
    idleTimeoutMs: 60_000,
  });
  const sockets: Socket[] = [];
  const closed: boolean[] = [];
  try {
    // One at a time, so each is accepted (or dropped) before the next arrives; closes recorded from the start.
    for (let i = 0; i < 6; i++) {
      const s = await open(http.port);
      closed.push(false);
      s.on('close', () => void (closed[i] = true));
      s.on('error', () => undefined);
      s.resume();
      sockets.push(s);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(closed.filter(Boolean).length, 3, `dropped: ${closed.join(',')}`);
    assert.deepEqual(closed.slice(0, 3), [false, false, false], 'the first three are served');
  } finally {
    for (const s of sockets) s.destroy();
    await http.close();
  }
});

const initialize = (port: number): Promise<Response> =>
  fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    }),
  });

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

test('an SDK client that closes without DELETE has its session reclaimed once its event stream drops', { timeout: 60_000 }, async () => {
  const http = await startHttpServer({ port: 0, createServer: minimal, sessionReclaimMs: 300 });
  try {
    const clients = [];
    for (let i = 0; i < 3; i++) {
      const client = new Client({ name: `c${i}`, version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      clients.push(client);
    }
    assert.equal(http.sessions(), 3);
    await new Promise((r) => setTimeout(r, 700)); // past the reclaim delay: open streams keep sessions alive
    assert.equal(http.sessions(), 3);
    for (const c of clients) await c.close(); // the SDK's close() sends no DELETE; it aborts its stream
    assert.ok(await until(() => http.sessions() === 0, 10_000), `sessions left: ${http.sessions()}`);
  } finally {
    await http.close();
  }
});

test('a full server: the least recently used idle session yields to a new client; busy or recent ones do not', { timeout: 60_000 }, async () => {
  const http = await startHttpServer({ port: 0, createServer: minimal, maxSessions: 2, sessionYieldAfterMs: 200 });
  try {
    const first = await initialize(http.port);
    const second = await initialize(http.port);
    assert.deepEqual([first.status, second.status], [200, 200]);
    await Promise.all([first.text(), second.text()]);
    // Both were initialized just now: nobody has been quiet long enough to yield.
    const refused = await initialize(http.port);
    assert.equal(refused.status, 503);
    await refused.text();
    await new Promise((r) => setTimeout(r, 400));
    const third = await initialize(http.port);
    assert.equal(third.status, 200);
    await third.text();
    assert.equal(http.sessions(), 2);
    const gone = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': first.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-03-26',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    assert.equal(gone.status, 404, 'the oldest session yielded');
    await gone.text();
  } finally {
    await http.close();
  }
});
