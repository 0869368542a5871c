/**
 * What a reader must never see: a catalogue key, a `{placeholder}` (or a piece of ICU syntax), "undefined",
 * "NaN", "[object Object]", or an empty label.
 */
import { expect } from 'vitest';
import { core } from '../../src/discord/i18n/index.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';

/** Every key of every catalogue (the bot's, the engines', the presenters'). */
export const ALL_KEYS: ReadonlySet<string> = new Set(
  [core, ...GAMES.plugins.map((game) => game.module.definition.messages), ...[...GAMES.presenters(inProcessBoardRenderer(GAMES)).values()].map((p) => p.messages)].flatMap((c) => Object.keys(c.en)),
);

/** The first segments of the keys ("istanbul", "kairo", "board", "refusal", ...). */
const KEY_PREFIXES = [...new Set([...ALL_KEYS].map((k) => k.slice(0, k.indexOf('.'))))].filter((p) => p !== '');
/** A dotted word starting with a key's first segment, e.g. `istanbul.kioskTile.none`, `board.title`. */
const KEY_LIKE = new RegExp(`(?<![\\w/.])(?:${KEY_PREFIXES.join('|')})\\.[A-Za-z_]\\w*`);
/** `{name}`, `{n, plural, ...`: a placeholder or ICU syntax that was not formatted. */
const PLACEHOLDER = /\{\s*[A-Za-z_]\w*\s*(?:[,}])/;
const BROKEN = /\bundefined\b|\bNaN\b|\[object \w+\]/;

/** Display names are the users' own text: taken out before the checks (a name may contain braces). */
let userTexts: readonly string[] = [];
export function allowUserTexts(texts: readonly string[]): void {
  userTexts = texts;
}

/** The keys by their first segment: a text can only hold a key whose first segment and dot it holds. */
const KEYS_BY_PREFIX: ReadonlyMap<string, readonly string[]> = new Map(
  KEY_PREFIXES.map((prefix) => [`${prefix}.`, [...ALL_KEYS].filter((k) => k.startsWith(`${prefix}.`))]),
);

/**
 * The checks run as plain code, and `expect` (with the same message) only on a failure: a fuzzed game reads
 * hundreds of thousands of texts, and five assertions each were most of its time.
 */
export function expectReadable(raw: string, where: string): void {
  if (typeof raw !== 'string') expect(typeof raw, where).toBe('string');
  const text = userTexts.reduce((t, name) => t.split(name).join('«name»'), raw);
  if (text.trim() === '') expect(text.trim(), `${where}: empty`).not.toBe('');
  if (PLACEHOLDER.test(text)) expect(text, `${where}: a placeholder or ICU syntax in ${JSON.stringify(text)}`).not.toMatch(PLACEHOLDER);
  if (BROKEN.test(text)) expect(text, `${where}: undefined/NaN`).not.toMatch(BROKEN);
  const key = KEY_LIKE.exec(text);
  if (key !== null) expect(key[0], `${where}: a catalogue key in ${JSON.stringify(text)}`).toBeUndefined();
  for (const [prefix, keys] of KEYS_BY_PREFIX) {
    if (!text.includes(prefix)) continue;
    for (const k of keys) if (text.includes(k)) expect.fail(`${where}: the key ${k} in ${JSON.stringify(text)}`);
  }
}

/** Every `label`, `placeholder` and `description` in a message's components (buttons, selects, options). */
export function componentTexts(components: unknown): { path: string; text: unknown }[] {
  const out: { path: string; text: unknown }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}[${i}]`));
    else if (typeof node === 'object' && node !== null) {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'label' || k === 'placeholder' || k === 'description') out.push({ path: `${path}.${k}`, text: v });
        else walk(v, `${path}.${k}`);
      }
    }
  };
  walk(components, 'components');
  return out;
}

export function expectReadableComponents(components: unknown, where: string): void {
  for (const { path, text } of componentTexts(components)) expectReadable(text as string, `${where} ${path}`);
}
