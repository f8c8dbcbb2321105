// Issue 20, hole 8: the MCP HTTP server bounds slow and idle clients and the number of connections.
// Raw loopback sockets play the clients; the deadlines waited for are generous (they catch a server
// that never closes, not a slow one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
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
