/**
 * Counts the statements a program runs on a PostgreSQL server: a TCP proxy in front of the server that
 * reads the frontend protocol the program sends (a simple Query, or the Execute of an extended query,
 * each one statement; BEGIN and COMMIT count too) and the ReadyForQuery answers the server sends back, so
 * that a test can also wait until no statement is under way.
 *
 *   const counter = await statementCounter(new URL(url));   // connect the program to counter.url
 *   const before = counter.statements; ...; await counter.idle(); counter.statements - before
 */
import net from 'node:net';

export interface StatementCounter {
  /** postgres://... of the proxy: the server's database, through the counter. */
  readonly url: string;
  /** Statements sent so far, over every connection. */
  readonly statements: number;
  /** The text of every statement sent so far, in order (a prepared statement's text when it was parsed on that connection, else its name). */
  readonly texts: readonly string[];
  /** Resolves once every statement sent has been answered (ReadyForQuery on every connection). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** A stream of protocol messages: a type byte and a length (itself included), after an untyped start-up message on the frontend. */
class MessageReader {
  #buffer: Buffer = Buffer.alloc(0);
  #started: boolean;

  constructor(typedFromTheStart: boolean) {
    this.#started = typedFromTheStart;
  }

  *read(chunk: Buffer): Generator<{ type: string; body: Buffer }> {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      if (!this.#started) {
        if (this.#buffer.length < 4) return;
        const length = this.#buffer.readInt32BE(0);
        if (this.#buffer.length < length) return;
        this.#buffer = this.#buffer.subarray(length);
        this.#started = true;
        continue;
      }
      if (this.#buffer.length < 5) return;
      const length = this.#buffer.readInt32BE(1);
      if (this.#buffer.length < 1 + length) return;
      const type = String.fromCharCode(this.#buffer[0] as number);
      const body = this.#buffer.subarray(5, 1 + length);
      this.#buffer = this.#buffer.subarray(1 + length);
      yield { type, body };
    }
  }
}

/** A zero-terminated string at `offset` of a message body, and where the next field starts. */
function cString(body: Buffer, offset: number): { value: string; next: number } {
  const end = body.indexOf(0, offset);
  return { value: body.toString('utf8', offset, end), next: end + 1 };
}

export async function statementCounter(target: URL): Promise<StatementCounter> {
  const texts: string[] = [];
  const sockets = new Set<net.Socket>();
  /** Per connection: statements whose ReadyForQuery has not come back yet. */
  const awaiting = new Map<net.Socket, number>();
  let waiters: (() => void)[] = [];
  const settle = (): void => {
    if ([...awaiting.values()].some((n) => n > 0)) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const server = net.createServer((program) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [program, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    awaiting.set(program, 0);
    const parsed = new Map<string, string>();
    /** The statement of the last Bind, named by its prepared statement (the unnamed one: its Parse's text). */
    let bound = '';
    const frontend = new MessageReader(false);
    // The server's messages are typed from its first one (an authentication request) on.
    const backend = new MessageReader(true);
    program.on('data', (chunk: Buffer) => {
      for (const { type, body } of frontend.read(chunk)) {
        if (type === 'Q') {
          texts.push(cString(body, 0).value);
          awaiting.set(program, (awaiting.get(program) ?? 0) + 1);
        } else if (type === 'P') {
          const name = cString(body, 0);
          parsed.set(name.value, cString(body, name.next).value);
        } else if (type === 'B') {
          const portal = cString(body, 0);
          const name = cString(body, portal.next).value;
          bound = parsed.get(name) ?? name;
        } else if (type === 'E') texts.push(bound);
        else if (type === 'S') awaiting.set(program, (awaiting.get(program) ?? 0) + 1);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      for (const { type } of backend.read(chunk)) {
        // The first ReadyForQuery ends the start-up, no statement's.
        if (type === 'Z' && (awaiting.get(program) ?? 0) > 0) awaiting.set(program, (awaiting.get(program) ?? 0) - 1);
      }
      program.write(chunk);
      settle();
    });
    program.on('close', () => {
      upstream.destroy();
      awaiting.delete(program);
      settle();
    });
    upstream.on('close', () => program.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    get statements() {
      return texts.length;
    },
    texts,
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
