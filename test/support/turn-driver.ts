/**
 * Playing turns as a player does, from what the fake Discord shows: the latest board's Take my turn opens
 * the private panel; a policy picks one of the choices it offers (a button, or an option of a select); the
 * driver clicks it and waits for the bot's answer (the panel edited in place), until the panel offers
 * nothing more (the turn is over) or the policy stops. The same driver serves the bot in the test's own
 * process, the bot as separate processes that a test kills (`gone`), the load benchmark and the
 * playground's screenshots. It checks with node:assert and imports nothing of vitest, so scripts run it too.
 *
 * Every wait is for an event of the fake (a message created or edited, an answer), never for a fixed
 * time; its limit is generous (a loaded machine is slow) because it is not what is tested: the fake
 * itself holds each interaction to Discord's acknowledgement window and fails the wait when it is missed.
 */
import assert from 'node:assert/strict';
import { parseCustomId, parseSelectValue, type CustomId } from '../../src/discord/codec.js';
import type { FakeDiscord, FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';

// ----- what a player sees ---------------------------------------------------------------------------

export function buttonFor(message: SeenMessage, verb: CustomId['verb']): string {
  const found = message.buttons.find((b) => parseCustomId(b.customId)?.verb === verb);
  if (found?.customId === undefined) throw new Error(`no ${verb} button on message ${message.id}: ${message.text}`);
  return found.customId;
}

export function hasButton(message: SeenMessage, verb: CustomId['verb']): boolean {
  return message.buttons.some((b) => parseCustomId(b.customId)?.verb === verb);
}

export function boards(fake: FakeDiscord, channelId: string): SeenMessage[] {
  return fake.channelMessages(channelId).filter((m) => m.attachments.length > 0);
}

/** The newest public message of the channel that is a board (it carries the board picture). */
export function latestBoard(fake: FakeDiscord, channelId: string): SeenMessage {
  const board = boards(fake, channelId).at(-1);
  if (board === undefined) throw new Error('no board in the channel');
  return board;
}

/**
 * The newest message that calls someone to decide (it carries Take my turn): a board, or the short text
 * posted when the decision passes to another seat inside a turn (a Kiosk pick, an auction bid).
 */
export function latestCall(fake: FakeDiscord, channelId: string): SeenMessage {
  const call = fake.channelMessages(channelId).filter((m) => hasButton(m, 'turn')).at(-1);
  if (call === undefined) throw new Error('no message with Take my turn in the channel');
  return call;
}

/** Users mentioned in the board's "your decision" line. */
export function mentionedToAct(board: SeenMessage): string[] {
  const line = board.text.split('\n').at(-1) ?? '';
  return [...line.matchAll(/<@(\d+)>/g)].map((m) => m[1] as string);
}

export interface Offered {
  readonly index: number;
  readonly kind: 'button' | 'select';
  readonly customId: string;
  readonly value?: string;
  readonly label: string;
}

/** The actions a panel offers now (buttons, and the action options of the selects' current pages). */
export function offered(panel: SeenMessage): Offered[] {
  const out: Offered[] = [];
  for (const b of panel.buttons) {
    const id = parseCustomId(b.customId);
    if (id?.verb === 'act' && b.customId !== undefined) out.push({ index: id.index, kind: 'button', customId: b.customId, label: b.label ?? '' });
  }
  for (const s of panel.selects) {
    for (const o of s.options) {
      const v = parseSelectValue(o.value);
      if (v?.kind === 'action') out.push({ index: v.index, kind: 'select', customId: s.customId, value: o.value, label: o.label });
    }
  }
  return out;
}

/** The first offered choice whose label matches, e.g. /End the turn/. */
export function offeredMatching(panel: SeenMessage, label: RegExp): Offered | undefined {
  return offered(panel).find((o) => label.test(o.label));
}

/** The choice that ends the turn, in the languages the test users speak. */
export const END_TURN = /End the turn|Zug beenden|Beurt beëindigen/;

// ----- the driver -----------------------------------------------------------------------------------

/** Generous: these waits are for the bot's answers, not a deadline (a busy machine answers slowly). */
const DEFAULT_TIMEOUT_MS = 60_000;

/** Where turns are played. */
export interface TurnTable {
  readonly fake: FakeDiscord;
  readonly channelId: string;
  /** The message whose Take my turn starts a turn (default: the channel's latest board). */
  readonly latest?: () => SeenMessage | undefined;
  /** True once the bot went away (a killed process): waits end, and the turn counts as interrupted. */
  readonly gone?: () => boolean;
  /** The limit of each wait for the bot (default 60 s). */
  readonly timeoutMs?: number;
}

/** What a policy sees when it picks: the panel, its choices, who plays, and the turn's board. */
export interface ChoiceContext {
  readonly panel: SeenMessage;
  readonly choices: readonly Offered[];
  readonly actor: FakeUser;
  readonly board: SeenMessage;
  /** 0 for the first click of the turn. */
  readonly step: number;
}

/** Picks the choice to click next (called right before the click), or null to stop with the turn unfinished. */
export type TurnPolicy = (context: ChoiceContext) => Offered | null | Promise<Offered | null>;

/** A policy that ends the turn at once (the panel must offer it). */
export const endTheTurn: TurnPolicy = ({ panel, choices }) => {
  const end = choices.find((c) => END_TURN.test(c.label));
  if (end === undefined) throw new Error(`the panel offers no End the turn: ${panel.text}`);
  return end;
};

/** A click the bot answered. */
export interface Answer {
  readonly handle: InteractionHandle;
  /** The panel as the answer left it. */
  readonly panel: SeenMessage;
  readonly pick: Offered;
  readonly actor: FakeUser;
  readonly board: SeenMessage;
  readonly step: number;
}

export interface TurnOptions {
  readonly policy: TurnPolicy;
  /** A turn of more decisions fails (default 80). */
  readonly maxSteps?: number;
  /** Called once the panel is open, before the first pick. */
  readonly onPanel?: (panel: SeenMessage, turn: { readonly board: SeenMessage; readonly actor: FakeUser }) => void | Promise<void>;
  /** Called after each answered click. */
  readonly onAnswer?: (answer: Answer) => void | Promise<void>;
  /** Wait for a newer board than the turn's once the turn is over (default false). */
  readonly awaitNextBoard?: boolean;
}

export interface PlayedTurn {
  /** The board the turn was taken from. */
  readonly board: SeenMessage;
  readonly actor: FakeUser;
  /** The panel as the last answer left it; null when the bot went away. */
  readonly panel: SeenMessage | null;
  readonly clicks: number;
  /** over: the panel offers nothing more; stopped: the policy stopped; interrupted: the bot went away. */
  readonly end: 'over' | 'stopped' | 'interrupted';
  /** The board after the turn, when awaited. */
  readonly next?: SeenMessage;
}

/** The message the table's turns start from now, if any. */
export function currentBoard(table: TurnTable): SeenMessage | undefined {
  return table.latest !== undefined ? table.latest() : boards(table.fake, table.channelId).at(-1);
}

/**
 * Plays one turn from the latest board, by the player its last line names, picking by `policy`. Null
 * when there is no turn to play (no board, or the board has no Take my turn: the game is over).
 */
export async function playTurn(table: TurnTable, options: TurnOptions): Promise<PlayedTurn | null> {
  const board = currentBoard(table);
  if (board === undefined || !hasButton(board, 'turn')) return null;
  const actorId = mentionedToAct(board)[0];
  assert.ok(actorId !== undefined, `nobody to act on board ${board.id}: ${board.text}`);
  const actor = table.fake.users.get(actorId);
  const gone = table.gone ?? (() => false);
  const interrupted = (clicks: number): PlayedTurn => ({ board, actor, panel: null, clicks, end: 'interrupted' });

  const opened = await answer(table, actor.clickButton(board.id, buttonFor(board, 'turn'), { until: 'none' }), 'the turn panel', (h) => h.reply !== undefined && !h.reply.loading);
  if (gone()) return interrupted(0);
  let panel = opened.reply;
  assert.ok(panel !== undefined, `Take my turn on board ${board.id} was answered without a private reply`);
  assert.ok(panel.ephemeral, `the panel for ${actor.name} is ephemeral`);
  assert.ok(actor.sees(panel.channelId).some((m) => m.id === panel?.id), `${actor.name} sees the panel`);
  await options.onPanel?.(panel, { board, actor });

  const maxSteps = options.maxSteps ?? 80;
  let clicks = 0;
  for (let step = 0; ; step++) {
    const choices = offered(panel);
    if (choices.length === 0) break;
    assert.ok(step < maxSteps, `a turn of fewer than ${maxSteps} decisions`);
    const pick = await options.policy({ panel, choices, actor, board, step });
    if (pick === null) return { board, actor, panel, clicks, end: 'stopped' };
    const panelId: string = panel.id;
    const revisions = table.fake.world.messages.get(panelId)?.revisions.length ?? 0;
    const click =
      pick.kind === 'button'
        ? actor.clickButton(panelId, pick.customId, { until: 'none' })
        : actor.selectOptions(panelId, pick.customId, [pick.value as string], { until: 'none' });
    // A click is acknowledged by updating the panel: it is answered when the panel changes (or by a private follow-up).
    const handle = await answer(table, click, 'the panel to be updated', () => (table.fake.world.messages.get(panelId)?.revisions.length ?? 0) > revisions);
    if (gone()) return interrupted(clicks);
    clicks++;
    panel = table.fake.message(panelId) ?? panel;
    await options.onAnswer?.({ handle, panel, pick, actor, board, step });
  }
  if (options.awaitNextBoard !== true) return { board, actor, panel, clicks, end: 'over' };
  const next = await waitFor(table, () => {
    const latest = currentBoard(table);
    return latest !== undefined && latest.id !== board.id ? latest : undefined;
  }, `the board after ${actor.name}'s turn`);
  if (next === undefined) return interrupted(clicks);
  return { board, actor, panel, clicks, end: 'over', next };
}

export interface GameLimits {
  /** A game of more turns fails. */
  readonly maxTurns: number;
  /** Called with each board a turn is taken from, before the turn. */
  readonly beforeTurn?: (board: SeenMessage, turn: number) => void | Promise<void>;
  /** Called after each turn played. */
  readonly afterTurn?: (played: PlayedTurn, turn: number) => void | Promise<void>;
}

/** Plays turns (each as playTurn does) until the latest board offers none: the game is over. */
export async function playToTheEnd(table: TurnTable, options: TurnOptions | ((turn: number) => TurnOptions), limits: GameLimits): Promise<PlayedTurn[]> {
  const played: PlayedTurn[] = [];
  for (;;) {
    const board = currentBoard(table);
    if (board === undefined || !hasButton(board, 'turn')) return played;
    assert.ok(played.length < limits.maxTurns, `a game of fewer than ${limits.maxTurns} turns`);
    await limits.beforeTurn?.(board, played.length);
    const turn = await playTurn(table, typeof options === 'function' ? options(played.length) : options);
    if (turn === null) return played;
    played.push(turn);
    await limits.afterTurn?.(turn, played.length - 1);
    if (turn.end === 'interrupted') return played;
  }
}

/**
 * The answer to an interaction: `answered` holds, a private follow-up came (a public one is the board a
 * turn's end posts through the click), or the bot went away.
 */
async function answer(table: TurnTable, sent: Promise<InteractionHandle>, description: string, answered: (handle: InteractionHandle) => boolean): Promise<InteractionHandle> {
  const handle = await sent;
  const gone = table.gone ?? (() => false);
  return handle.waitFor((h) => gone() || answered(h) || h.followUps.some((f) => f.ephemeral), { timeoutMs: table.timeoutMs ?? DEFAULT_TIMEOUT_MS, description });
}

/** Resolves with `probe`'s value once it has one (looked at on every change the fake sees), or undefined when the bot went away. */
function waitFor<T>(table: TurnTable, probe: () => T | undefined, description: string): Promise<T | undefined> {
  const { fake } = table;
  const gone = table.gone ?? (() => false);
  const timeoutMs = table.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const names = ['messageCreate', 'messageUpdate', 'request'] as const;
    const check = (): void => {
      const value = probe();
      if (value !== undefined || gone()) {
        done();
        resolve(value);
      }
    };
    // A process that died shows no event of the fake: look now and then as well.
    const poll = setInterval(check, 25);
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description}`));
    }, timeoutMs);
    const done = (): void => {
      clearInterval(poll);
      clearTimeout(timer);
      for (const name of names) fake.events.off(name, check);
    };
    for (const name of names) fake.events.on(name, check);
    check();
  });
}
