/**
 * Plays complete games of Istanbul through the fake Discord, only by clicking what the bot offers: the
 * board's Take my turn, then the panel's buttons and select options until the turn is over (the turn
 * driver, test/support/turn-driver.ts). A progress-biased policy (istanbul-policy.ts) picks among the
 * offered actions. Shared by the end-to-end test and the benchmark; checks with node:assert so it runs in both.
 */
import assert from 'node:assert/strict';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { playToTheEnd } from '../support/turn-driver.js';
import { buttonFor, clickForBoard, latestBoard, openPrivately, type BotOnFake, openLobby } from './harness.js';
import { chooseIstanbul } from './istanbul-policy.js';

async function activeGame(env: BotOnFake, channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}: ${JSON.stringify(loaded)}`);
  return loaded.game;
}

export interface Played {
  turns: number;
  actions: number;
  handLines: Map<string, string[]>;
  privateEvents: string[];
  final: SeenMessage;
}

export interface PlayOptions {
  /** Restart the bot (new client, same database file) with a panel open at the start of this turn. */
  readonly restartAtTurn?: number;
  /** Ask for the hand every so many turns (default 9). */
  readonly handEvery?: number;
  /** Called with the interaction id of every click on a panel, and whether that click ended the turn. */
  readonly onClick?: (interactionId: string, endedTurn: boolean) => void;
}

/** Plays a complete game of Istanbul in `channel`: lobby, start, then every turn through the panel. */
export async function playIstanbul(env: BotOnFake, channel: string, players: FakeUser[], options: PlayOptions = {}): Promise<Played> {
  const [host, ...others] = players as [FakeUser, ...FakeUser[]];
  const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
  assert.match(lobby.text, /Layout: Short paths · Variant: Base game/);
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

  const played: Played = { turns: 0, actions: 0, handLines: new Map(), privateEvents: [], final: latestBoard(env.fake, channel) };
  const checkPicture = (board: SeenMessage): void => {
    const png = checkPng(board.attachments[0]!.bytes);
    assert.ok(png.ok && png.width > 600, 'the board is a PNG of a readable size');
  };
  const turns = await playToTheEnd(
    { fake: env.fake, channelId: channel },
    {
      maxSteps: 80,
      async onPanel(_panel, { board, actor }) {
        if (played.turns === options.restartAtTurn) {
          // Mid-turn, with the panel open: the bot restarts; the same panel's buttons must still work.
          await env.restart();
        }
        if (played.turns % (options.handEvery ?? 9) === 0) {
          const hand = await openPrivately(actor, board, buttonFor(board, 'hand'));
          const line = hand.text.split('\n')[1]!;
          assert.match(line, /^(Bonus cards|Bonuskarten|Bonuskaarten): /);
          played.handLines.set(actor.id, [...(played.handLines.get(actor.id) ?? []), line]);
        }
      },
      async policy({ choices, actor }) {
        const game = await activeGame(env, channel);
        const seat = env.service.seatOf(game, actor.id)!.seat;
        const legal = env.service.legalActions(game, seat) as IstanbulAction[];
        const index = chooseIstanbul(game.state as IstanbulState, seat, legal, new Set(choices.map((c) => c.index)));
        return choices.find((c) => c.index === index)!;
      },
      onAnswer({ handle, panel, board }) {
        assert.ok(panel.ephemeral, 'the panel is ephemeral');
        options.onClick?.(handle.id, latestBoard(env.fake, channel).id !== board.id);
        played.actions++;
        for (const m of panel.text.matchAll(/(You draw [^;\n]+|Du ziehst [^;\n]+|Je trekt [^;\n]+)/g)) played.privateEvents.push(m[1]!.trim());
      },
    },
    {
      maxTurns: 400,
      beforeTurn: checkPicture,
      afterTurn({ board, panel }) {
        assert.match(panel!.text, /(turn is over|Zug ist zu Ende|beurt is voorbij|game is over|Spiel ist vorbei|spel is afgelopen)/);
        played.turns++;
        // Every turn posts a new board; the previous one loses its buttons.
        const next = latestBoard(env.fake, channel);
        assert.notEqual(next.id, board.id, 'a new board after the turn');
        assert.deepEqual(env.fake.message(board.id)!.buttons, [], 'the previous board lost its buttons');
      },
    },
  );
  assert.equal(turns.length, played.turns);
  played.final = latestBoard(env.fake, channel);
  checkPicture(played.final);
  return played;
}

