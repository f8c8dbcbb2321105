// A loopback TCP server that counts every connection made to it and answers any HTTP request with a
// "secret" page: the target a guard must keep Lyra from reaching. A test asserts `connections()` is 0.
import { createServer, type Server, type Socket } from 'node:net';

export interface ConnectionRecorder {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** TCP connections accepted so far (a refused fetch must leave this at 0). */
  connections(): number;
  close(): Promise<void>;
}

export const RECORDER_SECRET = 'internal-admin-secret-token';

export async function startConnectionRecorder(): Promise<ConnectionRecorder> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => {
      const body = `<html><head><title>admin</title></head><body><p>${RECORDER_SECRET}</p></body></html>`;
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
