/**
 * Play anywhere: the commands are declared for guild and user installs in every context, and a
 * player who added the app to their account (and shares no server with it) starts and finishes a game
 * against a computer player in a direct message with the bot: the same lobby, boards with pictures and
 * private panels; history and statistics of their direct messages. Where the bot cannot post its boards
 * (a group chat), /game new says where to play instead.
 */
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { END_TURN, playToTheEnd } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, latestBoard, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 5 });

/** Adds 1 once, then ends its turn: the human wins the race. */
const addsOne: ComputerPlayer = {
  choose: async (request) => {
    const legal = request.legal as TallyAction[];
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 1);
    const end = legal.findIndex((a) => a.type === 'end');
    return { index: end >= 0 ? end : add, value: null };
  },
};

let env: BotOnFake;
let dana: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['anywhere-1'], computerPlayer: addsOne, globalCommands: true });
  // Dana shares no server with the bot: she added it to her account (a user install).
  dana = env.createUser('dana', { globalName: 'Dana', guildId: null });
  dana.installApp();
});

afterAll(async () => {
  await env?.stop();
});

async function answer(user: FakeUser, channel: string, name: 'game' | 'stats' | 'help', subcommand?: string): Promise<string> {
  const handle = await user.runCommand(channel, name, subcommand === undefined ? {} : { subcommand });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /${name} ${subcommand ?? ''}` });
  return privateReply(handle, user).text;
}

describe('the commands are declared for both installs and every context', () => {
  it('/game, /help, /stats and the message command Board as text: integration_types guild and user install; contexts server, bot DM, private channel', () => {
    const commands = env.fake.commands();
    expect(commands.map((c) => c.name).sort()).toEqual(['Board as text', 'game', 'help', 'stats']);
    for (const command of commands) {
      expect(command.integration_types).toEqual([ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall]);
      expect(command.contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel]);
    }
  });
});

describe('a game in a direct message with the bot', () => {
  it('a user-install player starts and finishes a game against a computer player, with the same lobby, pictures and panels', async () => {
    const dm = dana.dmChannel();
    // Told of turns by direct message: in a game that is already in her DM, the board itself tells her.
    const notify = await dana.runCommand(dm, 'game', { subcommand: 'notify', options: { how: 'dm' } });
    await notify.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game notify' });
    const lobby = await openLobby(dana, dm, { game: 'tally' });
    expect(lobby.channelId).toBe(dm);
    // Asking for a thread in a direct message: told there is none, and the game is played right here.
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const before = env.fake.message(lobby.id)!.text;
    const added = await dana.selectOptions(lobby.id, select.customId, ['normal'], { until: 'response' });
    await added.waitFor(() => env.fake.message(lobby.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
    expect(env.fake.message(lobby.id)!.text).toContain('Bot 1 (normal)');
    const first = await clickForBoard(dana, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), dm);
    // The board in the DM has its picture, as in a server.
    expect(first.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^tally-\d+-\d+\.png$/)]);
    expect(first.attachments[0]!.width).toBeGreaterThan(0);

    // Dana plays every turn from the panel (adding 2 while she may, then ending the turn); the computer's turns come between.
    const turns = await playToTheEnd(
      { fake: env.fake, channelId: dm, timeoutMs: 60_000 },
      { policy: ({ choices }) => choices.find((c) => /^Add 2$/.test(c.label)) ?? choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true },
      { maxTurns: 10, beforeTurn: (board) => expect(mentionedToAct(board)).toEqual([dana.id]) },
    );
    expect(turns.length).toBeGreaterThan(0);
    await until(env.fake, () => latestBoard(env.fake, dm).text.includes('**The game is over.**'), 'the final board', WAIT_MS);
    expect(await env.service.runningRow(dm)).toBeUndefined();
    // Everything the bot wrote went to Dana's direct message: nothing to any server channel.
    expect(env.fake.channelMessages(env.fake.channelId())).toEqual([]);
    const final = latestBoard(env.fake, dm);
    expect(env.fake.directMessagesTo(dana.id).some((m) => m.id === final.id)).toBe(true);
    expect(env.fake.directMessagesTo(dana.id).filter((m) => /Your decision in/.test(m.text))).toEqual([]);

    // History and statistics of her direct messages, with links into the DM (@me).
    const history = await answer(dana, dm, 'game', 'history');
    expect(history).toMatch(new RegExp(`Tally · <t:\\d+:d> · 2 players · won by <@${dana.id}> · \\[final board\\]\\(https://discord\\.com/channels/@me/${dm}/${final.id}\\)`));
    const stats = (await answer(dana, dm, 'stats')).split('\n');
    // Rated too (against the computer levels, who play in every direct message), but no leaderboard there.
    expect(stats).toHaveLength(2);
    expect(stats[0]).toBe(`**Statistics** of <@${dana.id}> in direct messages with the bot`);
    expect(stats[1]).toMatch(/^Tally: 1 played, 1 won, average place 1\.0 · rating \d+\.\d ± \d+\.\d$/);
    // Her game replays in her DM; another player cannot replay it from theirs, by its number.
    const played = (await env.service.repo.findLastEnded(dm))!;
    expect(await answer(dana, dm, 'game', 'replay')).toContain(`game #${played.id}`);
    const fay = env.createUser('fay', { guildId: null });
    fay.installApp();
    const elsewhere = await fay.runCommand(fay.dmChannel(), 'game', { subcommand: 'replay', options: { game: played.id } });
    await elsewhere.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game replay' });
    expect(privateReply(elsewhere, fay).text).toBe(`Game #${played.id} was not played in this conversation: here a replay shows only the games played here with the bot. Nothing was changed.`);
    env.fake.assertNoViolations();
  });

  it('in a group chat, /game new says where a game can be played instead, and opens nothing', async () => {
    const gina = env.createUser('gina', { guildId: null });
    const friend = env.createUser('hal', { guildId: null });
    gina.installApp();
    const group = env.fake.groupDm([gina, friend]);
    const handle = await gina.runCommand(group, 'game', { subcommand: 'new', options: { game: 'tally' } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
    expect(privateReply(handle, gina).text).toBe(
      'Games cannot be played in a group chat: the bot cannot post its boards there. Start one in a direct message with the bot (against computer players) or in a server that added the bot.',
    );
    expect(await env.service.runningRow(group)).toBeUndefined();
    // /help answers anywhere.
    expect(await answer(gina, group, 'help')).toMatch(/\/game new/);
    env.fake.assertNoViolations();
  });

  it('another player\'s direct-message games are not in your history, and /game new with thread:true is told there are no threads', async () => {
    const erin = env.createUser('erin', { guildId: null });
    erin.installApp();
    expect(await answer(erin, erin.dmChannel(), 'game', 'history')).toBe('No game has been finished in your direct messages with the bot yet.');
    const handle = await erin.runCommand(erin.dmChannel(), 'game', { subcommand: 'new', options: { game: 'tally', thread: true } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
    expect(privateReply(handle, erin).text).toContain('A direct message has no threads: the game is played right here.');
    await until(env.fake, () => env.fake.channelMessages(erin.dmChannel()).some((m) => m.text.includes('Tally')), 'the lobby in the DM', WAIT_MS);
    expect(env.fake.threadsOf(erin.dmChannel())).toEqual([]);
    env.fake.assertNoViolations();
  });
});
