/**
 * The custom_id codec. Every button and select the bot sends carries `g1:<gameId>:<version>:<verb>[:<arg>...]`
 * (at most 100 characters). custom_ids and select values come back from Discord as untrusted input:
 * `parseCustomId` and `parseSelectValue` accept exactly what `encodeCustomId` and `encodeSelectValue`
 * produce and nothing else.
 *
 * - Lobby:  join, quit, start, cancel
 * - Board:  turn (open my panel), hand, log, phone (the phone picture, privately; also on the final board),
 *           text (the board in words, privately; also on the final board);
 *           logp <viewer> <page> <per page> (a page of the log: the viewer's seat + 1, 0 for someone not
 *           playing; the page counted from the oldest, from 1; entries per page, 0 for as many as fit)
 * - Panel:  act <seat> <index into the seat's legal actions>, sel <seat> <group> <page> (values: an index
 *           or a page), undo <seat>, undoall <seat> (the whole compound choice just taken); a compound
 *           that pays and then does nothing asks first: sure <seat> <index> does it, back <seat> shows
 *           the panel again
 * - Jobs:   snooze <seat>, vote <seat> skip|kick
 * - Computer players: addbot (lobby select; values: a level), rmbot (lobby), reclaim (take one's seat
 *           back), suggest <seat> (panel)
 * - The substitute bench: bench <seat> (take the seat offered on the bench), askback (a seat's owner asks
 *           its substitute for it), seatback <seat> give|keep (the substitute's answer)
 * - Confirmations (a private prompt before a destructive command): confirm leave|abandon, keep (changes
 *           nothing); the version is the game's when the prompt was shown, so a prompt the game has moved
 *           past is refused
 * - The finished game: rematch (final board), analysis (its analysis, privately: final board and replays;
 *           refused for a game not finished)
 * - Replays: replay (open a private replay at the start: final board), rframe <frame> (◀ ▶: show
 *           that frame in place), rround (select; values: a frame, see encodeFrameValue). A replay may be
 *           opened anywhere in the game's server, so these are checked against the server, not the channel
 * - Which game (a command given in a channel with several running games): pick <command> [<arg>...]
 *           (values: a game id); the game id is one of the channel's games, the version 0; an arg is an
 *           option's value + 1, 0 when not given
 */
import type { Seat } from '../engine/index.js';

export const CUSTOM_ID_PREFIX = 'g1';
export const CUSTOM_ID_MAX = 100;

interface Base {
  readonly gameId: number;
  readonly version: number;
}

export type PlainVerb = 'join' | 'quit' | 'start' | 'cancel' | 'turn' | 'hand' | 'log' | 'phone' | 'text' | 'addbot' | 'rmbot' | 'reclaim' | 'askback' | 'keep' | 'rematch' | 'replay' | 'rround' | 'analysis';
const PLAIN_VERBS: readonly PlainVerb[] = ['join', 'quit', 'start', 'cancel', 'turn', 'hand', 'log', 'phone', 'text', 'addbot', 'rmbot', 'reclaim', 'askback', 'keep', 'rematch', 'replay', 'rround', 'analysis'];

/** The destructive commands that ask to confirm first. */
export type Confirmable = 'leave' | 'abandon';

/** The commands that ask which game they are about (a channel may hold several), and how many options each carries. */
export const TABLE_COMMANDS = { status: 0, hand: 0, log: 1, settings: 3, leave: 0, abandon: 0, follow: 0, unfollow: 0, replay: 0, export: 1 } as const;
export type TableCommand = keyof typeof TABLE_COMMANDS;

export type CustomId =
  | (Base & { readonly verb: PlainVerb })
  | (Base & { readonly verb: 'act'; readonly seat: Seat; readonly index: number })
  | (Base & { readonly verb: 'sel'; readonly seat: Seat; readonly group: number; readonly page: number })
  | (Base & { readonly verb: 'undo'; readonly seat: Seat })
  | (Base & { readonly verb: 'undoall'; readonly seat: Seat })
  | (Base & { readonly verb: 'back'; readonly seat: Seat })
  | (Base & { readonly verb: 'sure'; readonly seat: Seat; readonly index: number })
  | (Base & { readonly verb: 'suggest'; readonly seat: Seat })
  | (Base & { readonly verb: 'snooze'; readonly seat: Seat })
  | (Base & { readonly verb: 'vote'; readonly seat: Seat; readonly choice: 'skip' | 'kick' })
  | (Base & { readonly verb: 'bench'; readonly seat: Seat })
  | (Base & { readonly verb: 'seatback'; readonly seat: Seat; readonly answer: 'give' | 'keep' })
  | (Base & { readonly verb: 'confirm'; readonly what: Confirmable })
  | (Base & { readonly verb: 'logp'; readonly viewer: number; readonly page: number; readonly perPage: number })
  | (Base & { readonly verb: 'rframe'; readonly frame: number })
  | (Base & { readonly verb: 'pick'; readonly command: TableCommand; readonly args: readonly number[] });

export type Verb = CustomId['verb'];

/** The parsed custom_id of one verb. */
export type IdFor<V extends Verb> = V extends PlainVerb ? Base & { readonly verb: V } : Extract<CustomId, { verb: V }>;

/** Non-negative integers without leading zeros, small enough to stay exact. */
const INT = /^(0|[1-9][0-9]{0,8})$/;

function int(raw: string | undefined): number | null {
  return raw !== undefined && INT.test(raw) ? Number(raw) : null;
}

export function encodeCustomId(id: CustomId): string {
  const parts: (string | number)[] = [CUSTOM_ID_PREFIX, id.gameId, id.version, id.verb];
  switch (id.verb) {
    case 'act':
    case 'sure':
      parts.push(id.seat, id.index);
      break;
    case 'sel':
      parts.push(id.seat, id.group, id.page);
      break;
    case 'undo':
    case 'undoall':
    case 'back':
    case 'snooze':
    case 'suggest':
    case 'bench':
      parts.push(id.seat);
      break;
    case 'vote':
      parts.push(id.seat, id.choice);
      break;
    case 'seatback':
      parts.push(id.seat, id.answer);
      break;
    case 'confirm':
      parts.push(id.what);
      break;
    case 'logp':
      parts.push(id.viewer, id.page, id.perPage);
      break;
    case 'rframe':
      parts.push(id.frame);
      break;
    case 'pick':
      parts.push(id.command, ...id.args);
      break;
    default:
      break;
  }
  const text = parts.join(':');
  if (text.length > CUSTOM_ID_MAX) throw new RangeError(`custom_id longer than ${CUSTOM_ID_MAX}: ${text}`);
  return text;
}

/** The custom_id as sent by `encodeCustomId`, or null for anything else. */
export function parseCustomId(raw: unknown): CustomId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CUSTOM_ID_MAX) return null;
  const parts = raw.split(':');
  const [prefix, gameText, versionText, verb, ...args] = parts;
  if (prefix !== CUSTOM_ID_PREFIX) return null;
  const gameId = int(gameText);
  const version = int(versionText);
  if (gameId === null || gameId < 1 || version === null || verb === undefined) return null;
  const base = { gameId, version };
  const seat = int(args[0]);
  if ((PLAIN_VERBS as readonly string[]).includes(verb)) return args.length === 0 ? { ...base, verb: verb as PlainVerb } : null;
  switch (verb) {
    case 'act':
    case 'sure': {
      const index = int(args[1]);
      return args.length === 2 && seat !== null && index !== null ? { ...base, verb, seat, index } : null;
    }
    case 'sel': {
      const group = int(args[1]);
      const page = int(args[2]);
      return args.length === 3 && seat !== null && group !== null && page !== null ? { ...base, verb, seat, group, page } : null;
    }
    case 'undo':
    case 'undoall':
    case 'back':
    case 'snooze':
    case 'suggest':
    case 'bench':
      return args.length === 1 && seat !== null ? { ...base, verb, seat } : null;
    case 'vote': {
      const choice = args[1];
      return args.length === 2 && seat !== null && (choice === 'skip' || choice === 'kick') ? { ...base, verb, seat, choice } : null;
    }
    case 'seatback': {
      const answer = args[1];
      return args.length === 2 && seat !== null && (answer === 'give' || answer === 'keep') ? { ...base, verb, seat, answer } : null;
    }
    case 'confirm': {
      const what = args[0];
      return args.length === 1 && (what === 'leave' || what === 'abandon') ? { ...base, verb, what } : null;
    }
    case 'logp': {
      const page = int(args[1]);
      const perPage = int(args[2]);
      return args.length === 3 && seat !== null && page !== null && page >= 1 && perPage !== null ? { ...base, verb, viewer: seat, page, perPage } : null;
    }
    case 'rframe': {
      const frame = int(args[0]);
      return args.length === 1 && frame !== null ? { ...base, verb, frame } : null;
    }
    case 'pick': {
      const command = args[0];
      if (command === undefined || !Object.hasOwn(TABLE_COMMANDS, command)) return null;
      const values = args.slice(1).map(int);
      if (values.length !== TABLE_COMMANDS[command as TableCommand] || values.some((v) => v === null)) return null;
      return { ...base, verb, command: command as TableCommand, args: values as number[] };
    }
    default:
      return null;
  }
}

/** A select option's value: an action (its index in the legal actions) or a page of a long list. */
export type SelectValue = { readonly kind: 'action'; readonly index: number } | { readonly kind: 'page'; readonly page: number };

export function encodeSelectValue(value: SelectValue): string {
  return value.kind === 'action' ? `a${value.index}` : `p${value.page}`;
}

export function parseSelectValue(raw: unknown): SelectValue | null {
  if (typeof raw !== 'string' || raw.length < 2 || raw.length > 12) return null;
  const n = int(raw.slice(1));
  if (n === null) return null;
  if (raw[0] === 'a') return { kind: 'action', index: n };
  if (raw[0] === 'p') return { kind: 'page', page: n };
  return null;
}

/** A replay's "go to round" option: the frame it shows (`f` and a frame number). */
export function encodeFrameValue(frame: number): string {
  return `f${frame}`;
}

export function parseFrameValue(raw: unknown): number | null {
  if (typeof raw !== 'string' || raw.length < 2 || raw.length > 12 || raw[0] !== 'f') return null;
  return int(raw.slice(1));
}
