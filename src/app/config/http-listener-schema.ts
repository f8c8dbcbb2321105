// The settings every local HTTP listener of Lyra has — `mcp.http` (lyra serve --http) and `ui` (lyra
// ui) — with one set of bounds. Each section spreads these shapes and adds its own keys; the defaults
// differ per server (mcp/http.ts HTTP_DEFAULTS, app/ui/ui-defaults.ts UI_DEFAULTS; docs/configuration.md).
import { z } from 'zod';

/** Where the server listens and who may call it. */
export const listenerAccessFields = {
  /** Address to bind (default 127.0.0.1); beyond loopback a token is required. */
  host: z.string().min(1).max(255).optional(),
  /** TCP port (0 picks a free one). */
  port: z.number().int().min(0).max(65_535).optional(),
  /** Token clients must present (at least 16 characters); the server's environment variable overrides it. */
  token: z.string().min(16).max(1_000).optional(),
  /** Browser origins allowed besides the server's own / loopback ones, e.g. https://app.example.org. */
  allowed_origins: z.array(z.string().min(1).max(500)).max(100).optional(),
  /** Host header names allowed besides loopback ones on a loopback-bound server (behind a local proxy). */
  allowed_hosts: z.array(z.string().min(1).max(255)).max(100).optional(),
};

/** How long a request may take and how many connections are open at once. */
export const listenerTimeFields = {
  /** Longest time to receive one whole request, in ms (default 30 s; responses streaming over SSE are not cut). */
  request_timeout_ms: z.number().int().min(1_000).max(3_600_000).optional(),
  /** Longest time to receive a request's headers, in ms (default 10 s; at most request_timeout_ms). */
  headers_timeout_ms: z.number().int().min(1_000).max(3_600_000).optional(),
  /** An idle keep-alive connection is closed after this long, in ms (default 5 s). */
  idle_timeout_ms: z.number().int().min(100).max(3_600_000).optional(),
  /** TCP connections open at once (default 128); more are dropped at accept. */
  max_connections: z.number().int().min(1).max(100_000).optional(),
};
