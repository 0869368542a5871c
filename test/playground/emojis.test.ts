/**
 * The app's own emojis in the playground, as Discord shows them: the page draws a custom emoji (in text, on a
 * button, beside a select option) by its picture, which the server serves at Discord's CDN path
 * /emojis/<id>.png from the emojis the bot uploaded to the local Discord at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInline } from '../../src/playground/public/markdown.js';
import { checkPng } from '../fake-discord/index.js';
import { startTestPlayground, type TestPlayground } from './helpers.js';

let pg: TestPlayground;

beforeAll(async () => {
  pg = await startTestPlayground();
});

afterAll(async () => {
  await pg?.stop();
});

describe("the app's emojis in the playground", () => {
  it('serves each emoji the bot uploaded as its PNG, and 404 for another id', async () => {
    const emojis = [...pg.fake.world.applicationEmojis.values()];
    expect(emojis.length).toBeGreaterThan(0);
    for (const emoji of emojis) {
      const response = await fetch(new URL(`/emojis/${emoji.id}.png`, pg.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Buffer.compare(bytes, emoji.png)).toBe(0);
      expect(checkPng(bytes).ok).toBe(true);
    }
    expect((await fetch(new URL('/emojis/123.png', pg.url))).status).toBe(404);
  });

  it('draws a custom emoji in text by its picture, named in its alt text', () => {
    expect(renderInline('<:lira_abc123:1234567890123456789> 12 lira')).toBe(
      '<img class="md-emoji" src="/emojis/1234567890123456789.png" alt=":lira_abc123:" title=":lira_abc123:"> 12 lira',
    );
  });
});
