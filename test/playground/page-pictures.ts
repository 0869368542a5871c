/**
 * What a screenshot script does on the playground's page, in one place: send a command as a user (as the
 * page's command box does), open a place as a user, and take a picture at each width of what is about to
 * be shown, waiting for what the page shows, never for a fixed time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { SeenMessage } from '../fake-discord/index.js';
import { eventually, post, type TestPlayground } from './helpers.js';

export const PICTURE_WIDTHS = [1280, 400] as const;

export interface PagePictures {
  /** Polls until `probe` answers a value, as long as the script waits. */
  until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs?: number): Promise<T>;
  /** `/line` as `name` sends it in `where`: the bot's answer. */
  command(name: string, line: string, options?: Record<string, string | number | boolean>, where?: string): Promise<SeenMessage>;
  /** The page as `name` sees it, with `place` (a channel, thread or direct messages button) open. */
  openAs(name: string, place: Locator): Promise<void>;
  /** `<out>/<name>-<width>.png` at each width, `target` scrolled into view once the pictures have loaded. */
  shoot(name: string, target: Locator): Promise<void>;
}

export function pagePictures(pg: TestPlayground, page: Page, settings: { readonly out: string; readonly waitMs: number; readonly channel: string }): PagePictures {
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const until = <T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = settings.waitMs): Promise<T> => eventually(probe, what, timeoutMs);
  return {
    until,
    async command(name, line, options = {}, where = settings.channel) {
      const sent = await post<{ interaction?: string; error?: string }>(pg.url, '/api/command', { user: id(name), channel: where, command: line, options });
      if (sent.status !== 200) throw new Error(`/${line}: ${sent.body.error ?? sent.status}`);
      return until(() => pg.fake.visibleTo(id(name), where).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${line}`);
    },
    async openAs(name, place) {
      const button = page.locator(`button.user[data-name="${name}"]`);
      await button.click();
      await until(async () => ((await button.getAttribute('aria-current')) === 'true' ? true : undefined), `the page as ${name}`);
      await place.click();
      await until(async () => ((await place.getAttribute('aria-current')) === 'true' ? true : undefined), 'the place to open');
    },
    async shoot(name, target) {
      for (const width of PICTURE_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // The narrow layout folds the sidebar away with a short transition: the picture waits for it to end.
        await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((a) => a.playState !== 'running'));
        await until(() => page.locator('#message-list img').evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((i) => i.complete && i.naturalWidth > 0)).then((done) => (done ? true : undefined)), 'the pictures');
        await target.evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
        const file = path.join(settings.out, `${name}-${width}.png`);
        await page.screenshot({ path: file });
        console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
      }
      await page.setViewportSize({ width: PICTURE_WIDTHS[0], height: 800 });
    },
  };
}
