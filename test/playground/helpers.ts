/**
 * Starts the whole playground for a test, as `npm run playground` does but on ephemeral ports and a
 * temporary database: the fake Discord, the real bot (startBazaar, startBot, GameService), the page's
 * server. Also small HTTP helpers for the server's API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StartLocalDiscord } from '../../src/playground/discord.js';
import { startPlayground, type Playground } from '../../src/playground/stack.js';
import type { MessageView } from '../../src/playground/view.js';
import { FakeDiscord } from '../fake-discord/index.js';

export interface TestPlayground extends Playground {
  /** The fake itself (the playground sees it through the LocalDiscord interface). */
  readonly fake: FakeDiscord;
  /** What the server wrote to its log (failures, violations). */
  readonly logLines: string[];
}

export async function startTestPlayground(): Promise<TestPlayground> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-playground-'));
  let fake: FakeDiscord | undefined;
  // The type annotation is the compile-time check that the fake Discord fits what the playground expects.
  const startDiscord: StartLocalDiscord = async (options) => {
    fake = await FakeDiscord.start(options);
    return fake;
  };
  const logLines: string[] = [];
  const playground = await startPlayground({
    startDiscord,
    databasePath: path.join(dir, 'playground.db'),
    port: 0,
    logLevel: 'silent',
    log: (line) => logLines.push(line),
  });
  return {
    ...playground,
    fake: fake as FakeDiscord,
    logLines,
    async stop() {
      await playground.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function get<T = Record<string, unknown>>(base: string, route: string): Promise<ApiAnswer<T>> {
  const response = await fetch(new URL(route, base));
  return { status: response.status, body: (await response.json()) as T };
}

export async function post<T = Record<string, unknown>>(base: string, route: string, body: unknown): Promise<ApiAnswer<T>> {
  const response = await fetch(new URL(route, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export interface MessagesAnswer {
  version: number;
  now: number;
  messages: MessageView[];
  notices: { id: string; channelId: string | null; at: number; text: string }[];
  places: { threads: { id: string; name: string; parentId: string }[]; directMessages: { channelId: string; count: number; lastAt: number | null } };
}

export async function messagesOf(base: string, userId: string, channelId: string): Promise<MessagesAnswer> {
  const answer = await get<MessagesAnswer>(base, `/api/messages?user=${userId}&channel=${channelId}`);
  if (answer.status !== 200) throw new Error(`GET /api/messages: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Polls until `probe` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ButtonView {
  type: number;
  style: number;
  label?: string;
  custom_id?: string;
  disabled?: boolean;
}

export interface SelectView {
  type: number;
  custom_id: string;
  options: { label: string; value: string }[];
}

/** The buttons and selects of a message view, in order (in its rows, a board's inside its container). */
export function controls(message: MessageView): (ButtonView | SelectView)[] {
  const walk = (nodes: readonly unknown[]): (ButtonView | SelectView)[] =>
    nodes.flatMap((node) => {
      const component = node as { type: number; components?: unknown[] };
      if (component.type === 1) return (component.components ?? []) as (ButtonView | SelectView)[];
      return walk(component.components ?? []);
    });
  return walk(message.components);
}

export function button(message: MessageView, label: string | RegExp): ButtonView & { custom_id: string } {
  const found = controls(message).find((c): c is ButtonView => c.type === 2 && (typeof label === 'string' ? (c as ButtonView).label === label : label.test((c as ButtonView).label ?? '')));
  if (found?.custom_id === undefined) throw new Error(`no button ${String(label)} on message ${message.id}: ${message.text}`);
  return found as ButtonView & { custom_id: string };
}
