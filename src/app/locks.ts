/**
 * A per-key asynchronous mutex. The database transaction is what makes a write atomic; this lock keeps
 * the whole pipeline of one interaction (load -> apply -> commit -> render -> post) in order per channel,
 * so two clicks on the same game are handled one after the other and boards are posted in sequence.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `task` when every earlier task for `key` has settled; tasks for other keys run freely. */
  async run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.#tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests and shutdown). */
  get busyKeys(): number {
    return this.#tails.size;
  }
}
