/**
 * A racing OS process for the claim tests: a worker script of this folder (see nodeArgsFor), spoken to by lines
 * on stdin and answering by lines on stdout.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeArgsFor } from '../../support/node-entry.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Racer {
  /** Sends a line; resolves with the first answer line that starts with `expected`. */
  ask(line: string, expected: string): Promise<string>;
  /** Says quit and waits for the process to end. */
  stop(): Promise<void>;
}

export async function startRacer(script: string, ...args: string[]): Promise<Racer> {
  const child = spawn(process.execPath, [...nodeArgsFor(path.join(HERE, script)), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (prefix: string): Promise<string> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`${script} ${args.join(' ')} ended before answering "${prefix}"`);
      if ((value as string).startsWith(prefix)) return value as string;
    }
  };
  try {
    await next('ready');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    ask(line, expected) {
      child.stdin.write(`${line}\n`);
      return next(expected);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end('quit\n');
      await exited;
    },
  };
}
