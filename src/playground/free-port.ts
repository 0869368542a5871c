/**
 * Finds the page's port before anything else happens, so a playground that cannot listen fails before
 * it touches its database. The probe binds and closes; the port is then taken moments later by the page
 * (a race with another program in between only makes the start fail, the database claim keeps the file safe).
 */
import net from 'node:net';

export class PortsInUseError extends Error {
  constructor(readonly ports: readonly number[]) {
    super(
      ports.length === 1
        ? `port ${ports[0]} is in use (another playground?); choose another with --port`
        : `ports ${ports[0]}-${ports.at(-1)} are all in use; choose one with --port`,
    );
    this.name = 'PortsInUseError';
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first of `ports` free on `host` (port 0: any free port, always). */
export async function firstFreePort(ports: readonly number[], host: string): Promise<number> {
  for (const port of ports) {
    if (port === 0 || (await canListen(port, host))) return port;
  }
  throw new PortsInUseError(ports);
}
