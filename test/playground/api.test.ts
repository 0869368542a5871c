/**
 * The playground server's API without a browser: the whole playground runs (fake Discord, the real bot on
 * a temporary database, the server on an ephemeral port) and the tests act through HTTP as the page does.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPublicDir } from '../../src/playground/server.js';
import type { MessageView } from '../../src/playground/view.js';
import { PNG_SIGNATURE } from '../fake-discord/index.js';
import { button, controls, eventually, get, messagesOf, post, startTestPlayground, type SelectView, type TestPlayground } from './helpers.js';

let pg: TestPlayground;
let base: string;
let alice: string;
let bob: string;
let carol: string;
let general: string;
let second: string;

beforeAll(async () => {
  pg = await startTestPlayground();
  base = pg.url;
  [alice, bob, carol] = pg.users.map((u) => u.id) as [string, string, string];
  [general, second] = pg.channelIds as [string, string];
});

afterAll(async () => {
  await pg?.stop();
});

/** Server-sent events from /api/events: the versions announced so far. */
async function openEvents(): Promise<{ versions: number[]; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(new URL('/api/events', base), { signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const versions: number[] = [];
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event);
        if (/^event: change$/m.test(event) && data) versions.push((JSON.parse(data[1]!) as { version: number }).version);
      }
    }
  })().catch(() => undefined);
  return { versions, close: () => controller.abort() };
}

/** The newest message `userId` sees that fits; on a timeout the error tells what they saw and how the interactions went. */
/** The pictures of a message's media galleries (a board's), as the page shows them. */
function pictures(message: MessageView): { url: string; description?: string }[] {
  const walk = (nodes: readonly unknown[]): { url: string; description?: string }[] =>
    nodes.flatMap((node) => {
      const component = node as { items?: { media: { url: string }; description?: string }[]; components?: unknown[] };
      return [...(component.items ?? []).map((item) => ({ url: item.media.url, ...(item.description === undefined ? {} : { description: item.description }) })), ...walk(component.components ?? [])];
    });
  return walk(message.components);
}

async function latest(userId: string, channelId: string, predicate: (m: MessageView) => boolean, what: string): Promise<MessageView> {
  try {
    return await eventually(async () => (await messagesOf(base, userId, channelId)).messages.filter(predicate).at(-1), what);
  } catch (error) {
    const seen = (await messagesOf(base, userId, channelId)).messages.map((m) => `${m.ephemeral ? '(ephemeral) ' : ''}${m.text.slice(0, 160)}`);
    const interactions = [...pg.fake.world.interactions.values()].map((i) => `${i.id} type ${i.type} initial ${i.initial?.type ?? '-'} ${i.failure ?? ''} ${i.violations.length} violations`);
    throw new Error(`${(error as Error).message}\nseen:\n${seen.join('\n')}\ninteractions:\n${interactions.join('\n')}\nlog:\n${pg.logLines.join('\n')}`);
  }
}

describe('the page and its files', () => {
  it('serves the page, its script, markdown and style, and nothing outside its folder', async () => {
    const page = await fetch(base);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/app.js"></script>');
    for (const [file, type] of [
      ['/app.js', 'text/javascript; charset=utf-8'],
      ['/markdown.js', 'text/javascript; charset=utf-8'],
      ['/style.css', 'text/css; charset=utf-8'],
    ] as const) {
      const response = await fetch(new URL(file, base));
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
    }
    for (const bad of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/server.ts', '/nothing.js']) {
      expect((await fetch(new URL(bad, base))).status, bad).toBe(404);
    }
  });

  it('finds the page beside its module in the sources, and from the compiled server in dist/', () => {
    const source = path.resolve('src/playground/public');
    expect(findPublicDir(path.resolve('src/playground'))).toBe(source);
    expect(findPublicDir(path.resolve('dist/src/playground'))).toBe(source);
    expect(() => findPublicDir(path.parse(process.cwd()).root)).toThrow(/src\/playground\/public not found/);
  });

  it('works offline: the page loads no script, style or font from another origin', async () => {
    for (const file of ['/', '/app.js', '/markdown.js', '/style.css']) {
      const text = await (await fetch(new URL(file, base))).text();
      // Anything a browser would fetch: src/href attributes, CSS url() and @import, fetch/EventSource/import.
      expect(text, file).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
      expect(text, file).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
      expect(text, file).not.toMatch(/@import/i);
      expect(text, file).not.toMatch(/(fetch|EventSource|import)\(\s*["'`](https?:)?\/\//i);
      expect(text, file).not.toMatch(/from\s+["'](https?:)?\/\//i);
    }
  });

  it('serves the colour emoji font the style asks for, so emoji are not empty boxes on a machine without one', async () => {
    const style = await (await fetch(new URL('/style.css', base))).text();
    expect(style).toMatch(/@font-face\s*{[^}]*font-family: 'Bazaar Emoji';[^}]*url\('\/fonts\/emoji\.ttf'\)/);
    expect(style).toMatch(/--font: [^;]*'Bazaar Emoji';/);
    const font = await fetch(new URL('/fonts/emoji.ttf', base));
    expect(font.headers.get('content-type')).toBe('font/ttf');
    const bytes = Buffer.from(await font.arrayBuffer());
    // A TrueType font (version 1.0) with colour bitmaps (CBDT).
    expect(bytes.readUInt32BE(0)).toBe(0x00010000);
    expect(bytes.includes(Buffer.from('CBDT'))).toBe(true);
  });
});

describe('bootstrap', () => {
  it('tells the guild, channels, four local users, the bot and the registered commands', async () => {
    const { status, body } = await get<{
      guild: { name: string };
      channels: { id: string; name: string }[];
      users: { id: string; name: string; displayName: string; locale: string }[];
      bot: { id: string; bot: boolean };
      commands: { key: string }[];
      clock: boolean;
    }>(base, '/api/bootstrap');
    expect(status).toBe(200);
    expect(body.guild.name).toBe('Bazaar Playground');
    expect(body.channels.map((c) => c.name)).toEqual(['general', 'second-table']);
    expect(body.users.map((u) => u.displayName)).toEqual(['Alice', 'Bob', 'Carol', 'Dave']);
    expect(body.users.map((u) => u.id)).toEqual(pg.users.map((u) => u.id));
    expect(body.bot).toMatchObject({ id: pg.discord.botUserId, bot: true });
    expect(body.commands.map((c) => c.key)).toEqual(expect.arrayContaining(['game new', 'game status', 'help']));
    expect(body.clock).toBe(true);
  });
});

describe('a game through the API', () => {
  let lobby: MessageView;

  it('refuses what the Discord client would refuse, before the bot sees it', async () => {
    const requestsBefore = pg.fake.requests.length;
    const missing = await post(base, '/api/command', { user: alice, channel: general, command: 'game new', options: {} });
    expect(missing).toMatchObject({ status: 400, body: { ok: false } });
    expect(String(missing.body.error)).toMatch(/game/);
    const notAChoice = await post(base, '/api/command', { user: alice, channel: general, command: 'game new', options: { game: 'chess' } });
    expect(notAChoice.status).toBe(400);
    expect(String(notAChoice.body.error)).toMatch(/must be one of "istanbul"/);
    const tooMany = await post(base, '/api/command', { user: alice, channel: general, command: 'game new', options: { game: 'istanbul', players: 99 } });
    expect(tooMany.status).toBe(400);
    expect((await post(base, '/api/command', { user: alice, channel: general, command: 'chess', options: {} })).status).toBe(400);
    expect((await post(base, '/api/command', { user: '123', channel: general, command: 'help', options: {} })).status).toBe(400);
    expect((await post(base, '/api/command', { user: alice, channel: '123', command: 'help', options: {} })).status).toBe(400);
    // The bot was not asked to do anything.
    expect(pg.fake.world.interactions.size).toBe(0);
    expect(pg.fake.requests.length).toBe(requestsBefore);
  });

  it('only JSON bodies are accepted (no cross-site form posts); unknown routes are 404', async () => {
    const form = await fetch(new URL('/api/command', base), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=1' });
    expect(form.status).toBe(415);
    const broken = await fetch(new URL('/api/command', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect((await post(base, '/api/nothing', {})).status).toBe(404);
    expect((await get(base, '/api/nothing')).status).toBe(404);
  });

  it('/game new as Alice opens a public lobby (posted by the bot, Alice gets a private link); the page hears of it by server-sent events', async () => {
    const events = await openEvents();
    try {
      await eventually(() => (events.versions.length > 0 ? true : undefined), 'the first event');
      const before = events.versions.at(-1)!;
      const sent = await post(base, '/api/command', { user: alice, channel: general, command: 'game new', options: { game: 'istanbul', players: '2', thread: 'false' } });
      expect(sent).toMatchObject({ status: 200, body: { ok: true } });
      lobby = await latest(bob, general, (m) => m.content.includes('Players (1/2)'), 'the lobby');
      expect(lobby).toMatchObject({ ephemeral: false, authorId: pg.discord.botUserId });
      expect(lobby.content).toContain(`<@${alice}>`);
      const answer = await latest(alice, general, (m) => m.ephemeral && m.content.includes(lobby.id), 'the private link to the lobby');
      expect(answer).toMatchObject({ ephemeral: true, command: { userId: alice, name: 'game new' } });
      expect(controls(lobby).map((c) => (c as { label?: string }).label).slice(0, 4)).toEqual(['Join', 'Leave', 'Start', 'Cancel']);
      await eventually(() => (events.versions.some((v) => v > before) ? true : undefined), 'a change event after the command');
    } finally {
      events.close();
    }
  });

  it('Bob joins with the button and Alice starts: the board arrives with its picture, served from the recorded bytes', async () => {
    expect((await post(base, '/api/button', { user: bob, message: lobby.id, customId: button(lobby, 'Join').custom_id })).status).toBe(200);
    lobby = await latest(alice, general, (m) => m.id === lobby.id && m.content.includes('Players (2/2)'), 'Bob in the lobby');
    // A button on a message the user cannot see, or a custom id the message does not have: refused.
    expect((await post(base, '/api/button', { user: bob, message: lobby.id, customId: 'nope' })).status).toBe(400);
    expect((await post(base, '/api/button', { user: bob, message: '1', customId: 'x' })).status).toBe(404);
    expect((await post(base, '/api/button', { user: alice, message: lobby.id, customId: button(lobby, 'Start').custom_id })).status).toBe(200);
    const board = await latest(alice, general, (m) => pictures(m).length > 0, 'the first board');
    // In the board's container, not beside it: the picture is shown once, in its gallery.
    expect(board.attachments).toEqual([]);
    const picture = pictures(board)[0]!;
    expect(picture).toMatchObject({ url: expect.stringMatching(new RegExp(`^/attachments/${board.id}/\\d+/`)), description: expect.stringMatching(/./) });
    const response = await fetch(new URL(picture.url, base));
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(bytes.equals(pg.fake.message(board.id)!.attachments[0]!.bytes)).toBe(true);
    expect((await fetch(new URL(`/attachments/${board.id}/1/x.png`, base))).status).toBe(404);
    expect(board.text).toMatch(/<@\d+>: your decision/);
  });

  it('the turn panel is ephemeral: only its player sees it; a pick updates it; dismissing hides it for that player only', async () => {
    const board = await latest(alice, general, (m) => pictures(m).length > 0, 'the board');
    const toAct = /<@(\d+)>: your decision/.exec(board.text)![1]!;
    const other = toAct === alice ? bob : alice;
    expect((await post(base, '/api/button', { user: toAct, message: board.id, customId: button(board, 'Take my turn').custom_id })).status).toBe(200);
    const panel = await latest(toAct, general, (m) => m.ephemeral && controls(m).some((c) => c.type === 3), 'the turn panel');
    expect(panel.content).toMatch(/Your decision/);
    expect((await messagesOf(base, other, general)).messages.some((m) => m.id === panel.id)).toBe(false);
    // Someone else cannot use it.
    const select = controls(panel).find((c): c is SelectView => c.type === 3)!;
    expect((await post(base, '/api/select', { user: other, message: panel.id, customId: select.custom_id, values: [select.options[0]!.value] })).status).toBe(403);
    expect((await post(base, '/api/select', { user: toAct, message: panel.id, customId: select.custom_id, values: ['not-offered'] })).status).toBe(400);
    expect((await post(base, '/api/select', { user: toAct, message: panel.id, customId: select.custom_id, values: 'a0' })).status).toBe(400);
    expect((await post(base, '/api/select', { user: toAct, message: panel.id, customId: select.custom_id, values: [select.options[0]!.value] })).status).toBe(200);
    const moved = await latest(toAct, general, (m) => m.id === panel.id && /moves from/.test(m.content), 'the panel after the move');
    expect(moved.ephemeral).toBe(true);
    expect((await post(base, '/api/dismiss', { user: other, message: panel.id })).status).toBe(400);
    expect((await post(base, '/api/dismiss', { user: toAct, message: board.id })).status).toBe(400);
    expect((await post(base, '/api/dismiss', { user: toAct, message: panel.id })).status).toBe(200);
    expect((await messagesOf(base, toAct, general)).messages.some((m) => m.id === panel.id)).toBe(false);
    // Dismissed on the page only: the message still exists in Discord.
    expect(pg.fake.message(panel.id)?.deleted).toBe(false);
    pg.fake.assertNoViolations();
  });

  it('each channel shows its own messages', async () => {
    expect((await messagesOf(base, alice, second)).messages).toEqual([]);
    expect((await messagesOf(base, alice, general)).messages.length).toBeGreaterThan(0);
  });
});

describe('the rest of the API', () => {
  it('suggests layouts and variants for /game new as the bot autocompletes them', async () => {
    const params = (option: string, typed: string, values: Record<string, string>) =>
      `/api/autocomplete?${new URLSearchParams({ user: alice, command: 'game new', option, typed, values: JSON.stringify(values) })}`;
    const layouts = await get<{ name: string; value: string }[]>(base, params('layout', '', { game: 'istanbul' }));
    expect(layouts.status).toBe(200);
    expect(layouts.body.map((c) => c.value)).toEqual(['short', 'long', 'inOrder', 'random']);
    expect(layouts.body[0]!.name).toBe('Short paths');
    expect((await get<{ value: string }[]>(base, params('layout', 'long', { game: 'istanbul' }))).body.map((c) => c.value)).toEqual(['long']);
    expect((await get<unknown[]>(base, params('variant', '', {}))).body).toEqual([]);
    // with Letters & Seals chosen, the 5x4 layouts
    expect((await get<{ value: string }[]>(base, params('layout', '', { game: 'istanbul', expansion: 'letters-and-seals' }))).body.map((c) => c.value)).toEqual(['starter', 'random']);
    expect((await get<{ value: string }[]>(base, params('expansion', '', { game: 'istanbul' }))).body.map((c) => c.value)).toEqual([
      'letters-and-seals',
      'letters-and-seals-new-cards',
    ]);
    expect((await get(base, params('game', '', {}))).status).toBe(400);
  });

  it("suggests this server's games for /game replay's game option, as the bot autocompletes it", async () => {
    const loaded = await pg.bot.service.byChannel(general);
    if (!loaded.ok) throw new Error('no game in #general');
    const params = (typed: string) => `/api/autocomplete?${new URLSearchParams({ user: alice, command: 'game replay', option: 'game', typed, values: '{}' })}`;
    const games = await get<{ name: string; value: string }[]>(base, params(''));
    expect(games.status).toBe(200);
    expect(games.body).toEqual([{ name: expect.stringMatching(new RegExp(`^#${loaded.game.row.id} Istanbul · running · \\d{4}-\\d{2}-\\d{2}$`)) as unknown as string, value: String(loaded.game.row.id) }]);
    expect((await get<unknown[]>(base, params('999'))).body).toEqual([]);
  });

  it("plays in a user's direct messages with the bot: /game learn there starts a game whose board comes there, seen by that user only", async () => {
    const dm = (await messagesOf(base, carol, general)).places.directMessages.channelId;
    expect((await post(base, '/api/command', { user: carol, channel: dm, command: 'game learn', options: { game: 'kairo' } })).status).toBe(200);
    const board = await latest(carol, dm, (m) => !m.ephemeral && pictures(m).length > 0, 'the learning game\'s first board in the direct messages');
    expect(board.authorId).toBe(pg.discord.botUserId);
    // Nobody else can look at Carol's direct messages or act there.
    expect((await get(base, `/api/messages?user=${alice}&channel=${dm}`)).status).toBe(400);
    expect((await post(base, '/api/command', { user: alice, channel: dm, command: 'help', options: {} })).status).toBe(400);
  });

  it("changes a user's client language", async () => {
    expect((await post(base, '/api/locale', { user: carol, locale: 'de' })).body).toEqual({ ok: true, locale: 'de' });
    const boot = await get<{ users: { id: string; locale: string }[] }>(base, '/api/bootstrap');
    expect(boot.body.users.find((u) => u.id === carol)?.locale).toBe('de');
    expect(pg.discord.users.get(carol).locale).toBe('de');
    expect((await post(base, '/api/locale', { user: carol, locale: 'fr' })).status).toBe(400);
  });

  it('moves the clock for the bot and Discord alike', async () => {
    const before = pg.discord.clock.now();
    const moved = await post<{ ok: boolean; now: number }>(base, '/api/clock', { advanceMs: 3_600_000 });
    expect(moved.status).toBe(200);
    expect(moved.body.now - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await messagesOf(base, alice, general)).now).toBeGreaterThanOrEqual(moved.body.now);
    for (const advanceMs of [0, -5, 'soon', 31 * 86_400_000]) expect((await post(base, '/api/clock', { advanceMs })).status, String(advanceMs)).toBe(400);
  });

  it('a request of the bot that Discord would reject is told to every user and to the terminal', async () => {
    pg.fake.world.recordViolation({ at: pg.fake.clock.now(), method: 'POST', path: '/api/v10/channels/1/messages', route: '/channels/{channel_id}/messages', status: 400, code: 50035, message: 'Invalid Form Body', issues: [] });
    const expected = 'Discord would reject a request of the bot: POST /api/v10/channels/1/messages -> 400 (code 50035) Invalid Form Body';
    for (const user of [alice, bob, carol]) {
      const { notices } = await eventually(async () => {
        const answer = await messagesOf(base, user, second);
        return answer.notices.length > 0 ? answer : undefined;
      }, `the notice for ${user}`);
      expect(notices.map((n) => n.text)).toEqual([expected]);
    }
    expect(pg.logLines).toContain(expected);
    pg.fake.takeViolations();
  });

  it('an interaction the bot fails to answer becomes "The application did not respond" for that user only', async () => {
    // Every initial response of the bot fails: Discord then tells the user after the response window.
    pg.fake.failNext('POST /interactions/{interaction_id}/{interaction_token}/callback', { status: 500, times: 5 });
    expect((await post(base, '/api/command', { user: carol, channel: second, command: 'game status', options: {} })).status).toBe(200);
    await eventually(() => (pg.fake.requests.some((r) => r.route.endsWith('/callback') && r.status === 500) ? true : undefined), 'the failed response');
    pg.fake.clock.advance(3_001);
    const notices = await eventually(async () => {
      const { notices } = await messagesOf(base, carol, second);
      return notices.some((n) => n.text === 'The application did not respond') ? notices : undefined;
    }, 'the notice');
    expect(notices.filter((n) => n.text === 'The application did not respond')).toHaveLength(1);
    expect((await messagesOf(base, alice, second)).notices.map((n) => n.text)).not.toContain('The application did not respond');
    expect(pg.logLines.some((l) => l.startsWith('The application did not respond'))).toBe(true);
  });
});
