/**
 * The operator's HTTP listener (METRICS_PORT; off by default): GET /health answers 200 when the bot is
 * healthy and 503 with the reasons when not (see health.ts), GET /metrics the Prometheus metrics. Plain
 * node:http, bound to 127.0.0.1 unless METRICS_HOST says otherwise. Nothing else is served; nothing it
 * answers is secret, but it is no public page either.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { checkHealth, type HealthSources } from './health.js';

export interface OpsServerOptions {
  readonly host: string;
  /** 0: any free port (tests). */
  readonly port: number;
  readonly registry: Registry;
  readonly health: HealthSources;
  /** How long the database may take to answer at /health. */
  readonly databaseTimeoutMs?: number;
  /** A request that could not be answered (e.g. a metric source threw). */
  readonly onError?: (error: unknown) => void;
}

export interface OpsServer {
  /** Where it listens (the port as bound, also when 0 was asked). */
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server = http.createServer((request, response) => {
    void answer(options, request, response).catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else response.destroy();
    });
  });
  // A scraper keeps its connection; it must not hold the process open or delay close().
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(options: OpsServerOptions, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path !== '/health' && path !== '/metrics') {
    send(response, 404, 'text/plain; charset=utf-8', 'not found: try /health or /metrics\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, 405, 'text/plain; charset=utf-8', 'only GET\n');
    return;
  }
  if (path === '/health') {
    const health = await checkHealth(options.health, options.databaseTimeoutMs);
    const body = { status: health.healthy ? 'ok' : 'unavailable', gateway: health.gateway, database: health.database };
    send(response, health.healthy ? 200 : 503, 'application/json; charset=utf-8', `${JSON.stringify(body)}\n`, request.method === 'HEAD');
    return;
  }
  const text = await options.registry.metrics();
  send(response, 200, options.registry.contentType, text, request.method === 'HEAD');
}

function send(response: http.ServerResponse, status: number, contentType: string, body: string, headOnly = false): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  response.end(headOnly ? undefined : body);
}
