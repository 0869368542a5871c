/**
 * Pings per player per round: fuzzed games played through the game service (the real commit, forced
 * answers, outbox), every seat a human who takes the default notices (a mention on each post that names
 * them to decide). Counts, per game:
 * - posts (every board the channel is owed: a picture, or a short text inside a turn) and pictures;
 * - pings: each seat a post names to decide (a mention, or a direct message for who chose those: one
 *   notice either way);
 * - pings without a choice: a ping whose decision has only one legal action;
 * - turns: each change of the turn player (Istanbul: inside a turn, a Kiosk pick or a bid by another seat
 *   is no turn of theirs; Kairo: each start placement counts).
 * A round is one turn per player. No clock: reminders are not counted.
 */
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { boardMarkerOf, turnMarkerOf, type GameModule } from '../../src/app/module.js';
import { seedRng, type RngState, type Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';

export type Policy = (state: unknown, seat: Seat, legal: readonly unknown[], rng: RngState) => unknown;

export interface PingConfig {
  readonly name: string;
  readonly kind: 'istanbul' | 'kairo';
  readonly players: number;
  readonly layout: string | null;
  readonly expansion: string | null;
  readonly policy: Policy;
  readonly seeds: readonly string[];
}

export interface PingFigures {
  readonly name: string;
  readonly games: number;
  readonly rounds: number;
  readonly turnsPerRound: number;
  readonly postsPerRound: number;
  readonly picturesPerRound: number;
  /** Pings per player per round. */
  readonly pingsPerPlayerRound: number;
  readonly pingsWithoutChoice: number;
  /** Pictures before the first turn that is not a start placement (Kairo's start). */
  readonly picturesBeforePlay: number;
}

const USERS = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];

/** Whose turn it is, the same before and after a change to when pictures are owed. */
function turnOf(module: GameModule, state: unknown): string {
  return module.definition.id === 'kairo' ? turnMarkerOf(module, state) : boardMarkerOf(module, state);
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

export async function measurePings(config: PingConfig): Promise<PingFigures> {
  const store = new SqliteStore(openDatabase(':memory:'));
  let seedNo = 0;
  const service = createGameService({
    store,
    modules: GAMES.modules,
    clock: { now: () => 1_700_000_000_000 },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => config.seeds[seedNo++] as string,
  });
  let turns = 0;
  let posts = 0;
  let pictures = 0;
  let pings = 0;
  let withoutChoice = 0;
  let picturesBeforePlay = 0;
  const inPlay = (game: ActiveSnapshot): boolean => config.kind !== 'kairo' || (game.state as { phase: string }).phase !== 'setup';
  const ping = (game: ActiveSnapshot): void => {
    if (game.row.status !== 'active') return;
    for (const seat of service.activeSeats(game)) {
      pings++;
      if (service.legalActions(game, seat).length === 1) withoutChoice++;
    }
  };
  for (const [g, seed] of config.seeds.entries()) {
    const channelId = String(1000 + g);
    const lobby = must(await service.createLobby({ guildId: '1', channelId, kind: config.kind, host: { userId: USERS[0] as string, displayName: 'A' }, locale: 'en', capacity: config.players, layout: config.layout, expansion: config.expansion })).game;
    for (let i = 1; i < config.players; i++) must(await service.join(lobby.row.id, { userId: USERS[i] as string, displayName: String.fromCharCode(65 + i) }));
    let game = must(await service.start(lobby.row.id, USERS[0] as string, must(await service.byId(lobby.row.id)).game.row.version)).game;
    posts++;
    pictures++;
    picturesBeforePlay++;
    turns++;
    ping(game);
    const rng = seedRng(`pings:${seed}`);
    for (let guard = 0; game.row.status === 'active'; guard++) {
      if (guard > 20_000) throw new Error(`${config.name} ${seed}: the game does not end`);
      const seat = service.activeSeats(game)[0] as Seat;
      const user = game.seats.find((s) => s.seat === seat)?.userId as string;
      const legal = service.legalActions(game, seat);
      const index = legal.indexOf(config.policy(game.state, seat, legal, rng));
      const before = turnOf(game.module, game.state);
      const { outcome } = must(await service.act(game.row.id, user, seat, game.row.version, index));
      game = outcome.after;
      if (game.row.status === 'active' && turnOf(game.module, game.state) !== before) turns++;
      if (outcome.boardDelivery !== null) {
        posts++;
        if (outcome.boardPicture) {
          pictures++;
          if (!inPlay(outcome.before)) picturesBeforePlay++;
        }
        ping(game);
      }
    }
  }
  await store.close();
  const games = config.seeds.length;
  const rounds = turns / config.players;
  return {
    name: config.name,
    games,
    rounds,
    turnsPerRound: turns / rounds,
    postsPerRound: posts / rounds,
    picturesPerRound: pictures / rounds,
    pingsPerPlayerRound: pings / config.players / rounds,
    pingsWithoutChoice: withoutChoice,
    picturesBeforePlay: picturesBeforePlay / games,
  };
}
