/**
 * The app's own emojis for the games' symbols (goods, lira, rubies, seals, letters, Kairo's colours and
 * coins), and the one place that says how a symbol is shown: its emoji beside the words, or the words
 * alone when the emoji is not there (its upload failed, or it was deleted). The words always stay: an
 * emoji never says anything alone.
 *
 * At start, before the bot logs in, each game's symbols are drawn in the render pool and compared with
 * the application's emojis by name: a symbol's name carries a hash of its picture (`fabric_3fa2c1`), so a
 * glyph drawn anew is uploaded under a new name and its stale emoji deleted; emojis named otherwise are
 * left alone. Of several processes (shards) one uploads, the one that runs shard 0, so that they never race
 * for a name; the others look again for what they miss until it is there.
 */
import { createHash } from 'node:crypto';
import { Routes, type APIMessageComponentEmoji, type REST } from 'discord.js';
import type { Message } from '../engine/index.js';
import type { GamePresenter, PresenterRegistry } from '../games/contract.js';
import type { Logger } from '../logger.js';
import { describeError } from './errors.js';

/** An emoji of the app, as a component takes it. */
export interface AppEmoji {
  readonly id: string;
  readonly name: string;
}

/** Discord's rule for emoji names, and the room a symbol leaves for its hash. */
const NAME = /^[A-Za-z0-9_]{2,32}$/;
const HASH_CHARS = 6;
export const MAX_SYMBOL_CHARS = 32 - 1 - HASH_CHARS;

/** The emoji's name for a symbol drawn as `png`: the symbol and a hash of the picture. */
export function emojiName(symbol: string, png: Buffer): string {
  return `${symbol}_${createHash('sha256').update(png).digest('hex').slice(0, HASH_CHARS)}`;
}

/** The symbol an emoji name of ours stands for, or null for a name of another form. */
function symbolOfName(name: string): string | null {
  const match = new RegExp(`^([a-z0-9_]+)_[0-9a-f]{${HASH_CHARS}}$`).exec(name);
  return match?.[1] ?? null;
}

export class EmojiBook {
  /** No emojis: every symbol shown by its words alone. */
  static readonly NONE = new EmojiBook(new Map());

  readonly #bySymbol: Map<string, AppEmoji>;

  constructor(bySymbol: ReadonlyMap<string, AppEmoji>) {
    this.#bySymbol = new Map(bySymbol);
  }

  get size(): number {
    return this.#bySymbol.size;
  }

  emoji(symbol: string): AppEmoji | undefined {
    return this.#bySymbol.get(symbol);
  }

  /** An emoji found later (another process of the bot uploaded it): shown from now on. */
  learn(symbol: string, emoji: AppEmoji): void {
    this.#bySymbol.set(symbol, emoji);
  }

  /** In a text: the emoji and a space, to stand before the words that name the symbol; '' without it. */
  inline(symbol: string): string {
    const emoji = this.emoji(symbol);
    return emoji === undefined ? '' : `<:${emoji.name}:${emoji.id}> `;
  }

  /**
   * An action's label: with the emoji of the symbol the game says it is about, the words that go beside
   * it (shorter where the emoji shows what a word said); without the emoji, the full words.
   */
  label(presenter: GamePresenter, message: Message): { readonly message: Message; readonly emoji?: APIMessageComponentEmoji } {
    const symbolic = presenter.symbolOf?.(message);
    const emoji = symbolic === undefined ? undefined : this.emoji(symbolic.symbol);
    if (symbolic === undefined || emoji === undefined) return { message };
    return { message: symbolic.message, emoji: { id: emoji.id, name: emoji.name } };
  }
}

interface ListedEmoji {
  readonly id: string;
  readonly name: string;
}

/**
 * Draws every game's symbols and makes the application's emojis match them: uploads the missing, deletes
 * the stale. Discord failing never fails the start: a symbol whose drawing or upload fails is left out of the
 * book (its words are shown alone), and a failed listing leaves the book empty. It rejects only for a game
 * whose symbol Discord could not name (its mistake, found at the first start).
 */
export async function syncApplicationEmojis(rest: REST, applicationId: string, presenters: PresenterRegistry, logger: Logger, uploads = true): Promise<SyncedEmojis> {
  const wanted = new Map<string, GamePresenter>();
  for (const presenter of presenters.values()) {
    for (const symbol of presenter.emojis?.symbols ?? []) {
      if (!NAME.test(symbol) || symbol.length > MAX_SYMBOL_CHARS || wanted.has(symbol)) throw new Error(`bad or repeated emoji symbol: ${symbol}`);
      wanted.set(symbol, presenter);
    }
  }
  if (wanted.size === 0) return { book: EmojiBook.NONE, missing: [] };
  const list = async (): Promise<ListedEmoji[]> => ((await rest.get(Routes.applicationEmojis(applicationId))) as { items: ListedEmoji[] }).items;
  let listed: ListedEmoji[];
  try {
    listed = await list();
  } catch (error) {
    logger.warn({ reason: describeError(error) }, "the app's emojis could not be listed; symbols are shown in words");
    return { book: EmojiBook.NONE, missing: [] };
  }
  const byName = new Map(listed.map((e) => [e.name, e]));
  const drawn = await Promise.all(
    [...wanted].map(async ([symbol, presenter]) => {
      try {
        const png = await (presenter.emojis as NonNullable<GamePresenter['emojis']>).draw(symbol);
        return { symbol, png, name: emojiName(symbol, png) };
      } catch (error) {
        logger.warn({ symbol, reason: describeError(error) }, 'an emoji could not be drawn; its symbol is shown in words');
        return null;
      }
    }),
  );
  const book = new Map<string, AppEmoji>();
  const current = new Set<string>();
  const failed: { symbol: string; name: string }[] = [];
  const missing: { symbol: string; name: string }[] = [];
  let uploaded = 0;
  // One at a time: Discord limits emoji uploads, and they happen once per new picture.
  for (const emoji of drawn) {
    if (emoji === null) continue;
    current.add(emoji.name);
    const existing = byName.get(emoji.name);
    if (existing !== undefined) {
      book.set(emoji.symbol, { id: existing.id, name: existing.name });
      continue;
    }
    // Another process of the bot uploads (the one that runs shard 0): this one looks again later.
    if (!uploads) {
      missing.push(emoji);
      continue;
    }
    try {
      const created = (await rest.post(Routes.applicationEmojis(applicationId), {
        body: { name: emoji.name, image: `data:image/png;base64,${emoji.png.toString('base64')}` },
      })) as ListedEmoji;
      book.set(emoji.symbol, { id: created.id, name: created.name });
      uploaded++;
    } catch (error) {
      failed.push(emoji);
      logger.warn({ name: emoji.name, reason: describeError(error) }, 'an emoji upload failed');
    }
  }
  // An upload whose answer was lost, or one another process of the bot (a shard) made first: it is there.
  if (failed.length > 0) {
    try {
      const again = new Map((await list()).map((e) => [e.name, e]));
      for (const { symbol, name } of failed) {
        const found = again.get(name);
        if (found !== undefined) book.set(symbol, { id: found.id, name: found.name });
        else logger.warn({ name }, 'an emoji is missing; its symbol is shown in words');
      }
    } catch (error) {
      logger.warn({ reason: describeError(error) }, "the app's emojis could not be listed again");
    }
  }
  // Our symbols' emojis of an older picture: deleted once the new one is there (by the uploading process).
  let deleted = 0;
  for (const old of uploads ? listed : []) {
    const symbol = symbolOfName(old.name);
    if (symbol === null || !wanted.has(symbol) || current.has(old.name) || !book.has(symbol)) continue;
    try {
      await rest.delete(Routes.applicationEmoji(applicationId, old.id));
      deleted++;
    } catch (error) {
      logger.warn({ name: old.name, reason: describeError(error) }, 'a stale emoji could not be deleted');
    }
  }
  logger.info({ emojis: book.size, uploaded, deleted, awaited: missing.length }, "the app's emojis are ready");
  return { book: new EmojiBook(book), missing };
}

/** The book, and the emojis another process of the bot is to upload (looked for again: lookAgain). */
export interface SyncedEmojis {
  readonly book: EmojiBook;
  readonly missing: readonly { readonly symbol: string; readonly name: string }[];
}

/** How often, and how many times, a process that does not upload looks for the emojis it still misses. */
export const LOOK_AGAIN_MS = 20_000;
export const LOOKS = 9;

/**
 * Looks for the emojis another process uploads, every `every.ms` until all are there or `every.looks` looks
 * were made, each learnt into `book` when found; stopped by the returned function.
 */
export function lookAgain(rest: REST, applicationId: string, synced: SyncedEmojis, logger: Logger, every: { readonly ms: number; readonly looks: number } = { ms: LOOK_AGAIN_MS, looks: LOOKS }): () => void {
  let waiting = [...synced.missing];
  let looks = 0;
  let timer: NodeJS.Timeout | undefined;
  const look = async (): Promise<void> => {
    looks++;
    try {
      const listed = new Map(((await rest.get(Routes.applicationEmojis(applicationId))) as { items: ListedEmoji[] }).items.map((e) => [e.name, e]));
      for (const { symbol, name } of waiting) {
        const found = listed.get(name);
        if (found !== undefined) synced.book.learn(symbol, { id: found.id, name: found.name });
      }
      waiting = waiting.filter(({ name }) => !listed.has(name));
    } catch (error) {
      logger.warn({ reason: describeError(error) }, "the app's emojis could not be listed again");
    }
    if (waiting.length > 0 && looks < every.looks) schedule();
    else if (waiting.length > 0) logger.warn({ names: waiting.map((w) => w.name) }, 'emojis still missing; their symbols are shown in words');
  };
  const schedule = (): void => {
    timer = setTimeout(() => void look(), every.ms);
    timer.unref();
  };
  if (waiting.length > 0) schedule();
  return () => clearTimeout(timer);
}
