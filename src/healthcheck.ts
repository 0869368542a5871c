/**
 * The Docker image's HEALTHCHECK (`node dist/src/healthcheck.js`; the image has no curl): GET /health of
 * the bot's own listener, exit 0 when it answers 200, 1 otherwise (503, no answer within 4 s, nothing
 * listening), with the answer on stdout for `docker inspect`. It asks 127.0.0.1 unless METRICS_HOST names
 * one address to bind to. Without METRICS_PORT nothing listens and there is nothing to ask: it exits 0
 * and says so (the image sets METRICS_PORT, so this happens only when an operator turned it off).
 */
const port = process.env.METRICS_PORT?.trim() ?? '';
const configuredHost = process.env.METRICS_HOST?.trim() ?? '';

if (port === '') {
  console.log('METRICS_PORT is not set: the bot has no health listener to ask');
  process.exit(0);
}
// Bound to every interface (or not set): ask the loopback address.
const anyAddress = configuredHost === '' || configuredHost === '0.0.0.0' || configuredHost === '::';
const host = anyAddress ? '127.0.0.1' : configuredHost.includes(':') ? `[${configuredHost}]` : configuredHost;

try {
  const response = await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(4_000) });
  console.log(`${response.status} ${(await response.text()).trim()}`);
  process.exit(response.status === 200 ? 0 : 1);
} catch (error) {
  console.log(`no answer from http://${host}:${port}/health: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
