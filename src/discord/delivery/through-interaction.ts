/**
 * Posting through the click being answered, where Discord allows it. A turn that ends from a click posts
 * its new board as the click's follow-up (a public message in the channel; the clicker's panel stays
 * private), and the buttons come off a board posted that way with the token that posted it, while that
 * token lives. Discord does not count the interaction endpoints against the bot's global rate limit (50
 * requests a second per token), so on this path a turn-end spends none of it; the channel is the way
 * whenever this one is closed (a turn ended by a job, a board for another channel, a token gone).
 *
 * These requests go through a REST client of their own, which never repeats one: the bot's client repeats
 * a request whose answer was lost, which for a follow-up (it takes no nonce) would post the board twice. A
 * follow-up without a clear answer fails the delivery instead; the deliverer reads the channel back before
 * it posts that delivery again (deliverer.ts). Like the client's own way to the interaction endpoints
 * (client.ts), it does not hold itself to the global rate limit, which does not count them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DiscordAPIError, Message, MessagePayload, REST, Routes, makeURLSearchParams, type APIMessage, type Client, type MessageCreateOptions } from 'discord.js';
import type { ComponentInteraction } from '../types.js';
import { withoutButtons, type PostedMessage } from '../messages/index.js';

/** The click a game's change is being answered for, while its handling lasts. */
interface Answering {
  readonly interaction: ComponentInteraction;
  readonly gameId: number;
  open: boolean;
}

const answering = new AsyncLocalStorage<Answering>();

/**
 * Runs `settle` (what a click's committed change owes the channel, under the game's lock) as the answer to
 * `interaction`: boards of game `gameId` it delivers may go through the interaction. Work that outlives it
 * (a timer it set, a retry) finds the answer closed.
 */
export async function answeringClick<T>(interaction: ComponentInteraction, gameId: number, settle: () => Promise<T>): Promise<T> {
  const store: Answering = { interaction, gameId, open: true };
  try {
    return await answering.run(store, settle);
  } finally {
    store.open = false;
  }
}

/** The click being answered for game `gameId` in this flow, if any. */
export function clickBeingAnswered(gameId: number): ComponentInteraction | undefined {
  const store = answering.getStore();
  return store !== undefined && store.open && store.gameId === gameId ? store.interaction : undefined;
}

/** Runs `fn` outside any click's answer: a timer it sets must not carry the click into later work. */
export function outsideAnswer<T>(fn: () => T): T {
  return answering.exit(fn);
}

/** Discord's lifetime of an interaction token, less a margin for the clocks and the request's way. */
const TOKEN_USABLE_MS = 14 * 60_000;

export class ThroughInteraction {
  readonly #rest: REST;
  /** Messages posted as follow-ups, by id: as posted, the interaction webhook that may still edit them, and until when. */
  readonly #tokens = new Map<string, { readonly message: PostedMessage; readonly applicationId: string; readonly token: string; readonly until: number }>();

  /** `now`: the bot's clock, which the interactions' times are read against. */
  constructor(
    private readonly client: Client,
    private readonly now: () => number,
  ) {
    const options = client.rest.options;
    this.#rest = new REST({ api: options.api, version: options.version, timeout: options.timeout, retries: 0, globalRequestsPerSecond: Infinity });
  }

  /**
   * Posts `message` as a public follow-up of `interaction`. Undefined when Discord refused it (nothing was
   * posted: the caller posts in the channel); throws when the answer is unclear (it may be in the channel).
   */
  async post(interaction: ComponentInteraction, message: MessageCreateOptions): Promise<Message | undefined> {
    const payload = MessagePayload.create(interaction.webhook, message).resolveBody();
    const { body, files } = await payload.resolveFiles();
    let raw: APIMessage;
    try {
      raw = (await this.#rest.post(Routes.webhook(interaction.applicationId, interaction.token), { body, files: files ?? [], query: makeURLSearchParams({ wait: true }), auth: false })) as APIMessage;
    } catch (error) {
      if (error instanceof DiscordAPIError && error.status < 500) return undefined;
      throw error;
    }
    this.#forgetExpired();
    const posted = { flags: raw.flags ?? 0, components: raw.components ?? [], attachments: raw.attachments.map((a) => ({ id: a.id, filename: a.filename, url: a.url })) };
    this.#tokens.set(raw.id, { message: posted, applicationId: interaction.applicationId, token: interaction.token, until: interaction.createdTimestamp + TOKEN_USABLE_MS });
    // As discord.js's own webhooks make the message they sent (its constructor is not in its typings).
    return new (Message as unknown as new (client: Client, data: APIMessage) => Message)(this.client, raw);
  }

  /**
   * Takes the buttons off a message posted as a follow-up, with its token while it lives (`content`: what
   * it says instead). False when this way is closed or failed (the caller edits it in the channel).
   */
  async disarm(messageId: string, content?: string): Promise<boolean> {
    const posted = this.#tokens.get(messageId);
    if (posted === undefined) return false;
    this.#tokens.delete(messageId);
    if (this.now() >= posted.until) return false;
    const body = { ...withoutButtons(posted.message), ...(content === undefined ? {} : { content, allowed_mentions: { parse: [] } }) };
    try {
      await this.#rest.patch(Routes.webhookMessage(posted.applicationId, posted.token, messageId), { body, auth: false });
      return true;
    } catch {
      // The channel's edit does the same, whatever went wrong here (an edit is safe to repeat).
      return false;
    }
  }

  #forgetExpired(): void {
    const now = this.now();
    for (const [id, posted] of this.#tokens) if (now >= posted.until) this.#tokens.delete(id);
  }
}
