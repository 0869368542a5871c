/**
 * The server's language through the real client and the fake Discord: in a guild whose preferred locale is
 * German, a game's public posts (lobby, board, buttons) and its pictures are German, whatever the language of
 * the player who opened it; each player's own panel stays in their own language, so a German player's panel
 * names the places as the picture does; Phone view, a private answer, is drawn in the language of who asks.
 * The pictures' alt text (the board in words) speaks the picture's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer } from '../../src/render/board-job.js';
import type { FakeUser } from '../fake-discord/index.js';
import { buttonFor, clickForBoard, mentionedToAct, offered, openLobby, openPrivately, privateReply, startBotOnFake, type BotOnFake } from './harness.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
/** The language of every picture the bot drew (boards, and phone pictures when asked for). */
const drawnIn: string[] = [];

const recording: BoardRenderer = {
  render(job: BoardJob) {
    // The boards and phone pictures (not the chart, nor the app's emojis drawn at start: they have no words).
    if (job.game !== 'chart' && job.picture !== 'emoji') drawnIn.push(String((job.options as { locale?: unknown }).locale));
    return inProcessBoardRenderer(GAMES).render(job);
  },
};

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, boards: recording, fake: { guild: { locale: 'de' as never } }, seeds: ['guild-de'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

describe("a game in a German server", () => {
  it('posts German text and German pictures, opened by an English-speaking player; panels follow each player', async () => {
    const channel = env.fake.createChannel('spieltisch');
    const lobby = await openLobby(alice, channel, { game: 'istanbul' });
    expect(lobby.text).toMatch(/^\*\*Istanbul\*\*: neues Spiel, eröffnet von/);
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    expect(board.text).toMatch(/\*\*Istanbul\*\* · Spiel #\d+/);
    expect(board.buttons.map((b) => b.label)).toEqual(['Meinen Zug machen', 'Meine Hand', 'Protokoll', 'Handyansicht', 'Spielplan als Text']);
    // The picture's alt text, German too: what it is, then the board in words (the round, who decides, each player).
    const alt = board.attachments.map((a) => a.description?.split('\n'));
    expect(alt).toEqual([
      [
        'Der Spielplan von Istanbul nach dem letzten Zug',
        expect.stringMatching(/^Runde 1 \(6 Rubine beenden das Spiel\)\. (Alice|Bob) entscheidet: Ziehe deinen Kaufmann\.$/),
        expect.stringMatching(/^(Alice|Bob) \((Rot|Blau|Grün|Gelb|Weiß)\): 0 Rubine, 2 Lira, Waren: nichts, 1 Bonuskarte$/),
        expect.stringMatching(/^(Alice|Bob) \((Rot|Blau|Grün|Gelb|Weiß)\): 0 Rubine, 3 Lira, Waren: nichts, 1 Bonuskarte$/),
      ],
    ]);
    expect(drawnIn).toEqual(['de']);
    // Whoever starts reads their panel in German (Alice switched her Discord to German): it names the places
    // with the German picture's names, declined ("Ziehen zum Brunnen", "Ziehen zur Großen Moschee").
    const first = mentionedToAct(board)[0] === bob.id ? bob : alice;
    const own = first.locale;
    first.setLocale('de' as typeof own);
    try {
      const panel = privateReply(await first.clickButton(board.id, buttonFor(board, 'turn')), first);
      const moves = offered(panel).map((o) => o.label);
      expect(moves.some((label) => /^Ziehen (zum|zur) (Brunnen|Großen|Kleinen|Wagnerei|Tuchlager|Gewürzlager|Obstlager|Postamt|Karawanserei|Schwarzmarkt|Teestube|Polizeiwache|Sultanspalast|Edelsteinhändler)/.test(label)), moves.join(' | ')).toBe(true);
    } finally {
      first.setLocale(own);
    }
    // A Dutch player's /help names the board's button as the board shows it, and their panel's in Dutch.
    const carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
    const help = privateReply(await carol.runCommand(channel, 'help', {}), carol).text;
    expect(help).toContain('**Meinen Zug machen** opent je privépaneel');
    expect(help).toContain('**Terugnemen** neemt je stappen');
    // Her Phone view is hers: the phone picture in Dutch, as a replay is drawn in its reader's language.
    const asked = drawnIn.length;
    const phone = await openPrivately(carol, board, buttonFor(board, 'phone'));
    expect(phone.text).toMatch(/^\*\*Istanbul\*\* · spel #\d+, zoals het nu staat$/);
    // Its alt text in Dutch too: what it is, then the board in words.
    const phoneAlt = phone.attachments[0]!.description!.split('\n');
    expect(phoneAlt.slice(0, 2)).toEqual(['Het bord van Istanbul zoals het nu staat, compact, om op een telefoon te lezen', expect.stringMatching(/^Ronde 1 \(6 robijnen beëindigen het spel\)\. (Alice|Bob) beslist: Verplaats je handelaar\.$/)]);
    expect(drawnIn.slice(asked)).toEqual(['nl']);
  });
});
