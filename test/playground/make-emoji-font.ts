/**
 * Makes the playground's emoji font, assets/fonts/NotoColorEmoji-bazaar.ttf: the emoji the bot writes
 * (found in src/ by emojiInSources) and a reserve of ones it may soon write, cut from Debian's Noto Color
 * Emoji with fonttools, keeping the keycap sequences' ligatures. Run it after the bot starts writing an emoji
 * the font lacks (test/playground/emoji-font.test.ts says which):
 *
 *   apt-get install fonts-noto-color-emoji fonttools
 *   node --import tsx test/playground/make-emoji-font.ts   (NOTO_COLOR_EMOJI=<file>: another copy of the font)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emojiInSources } from './emoji.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = process.env.NOTO_COLOR_EMOJI ?? '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
export const EMOJI_FONT = path.join(ROOT, 'assets', 'fonts', 'NotoColorEmoji-bazaar.ttf');

/** Emoji a board game's messages are likely to want next (clocks, warnings, medals, dice, mail). */
const RESERVE = '⏱⏳⌛⏰⚠❗❓❌⭐🔔🔕🎲🏆🥇🥈🥉🤖👋🎉📜💬✉📅🕐🔒🔓📊📈👀✏🔁⏸🚪🃏💤🌙☀💰💎🐪📬📨🟢🔴🟡🔵🟣🟠🟤⚫⚪#*0';

const points = new Set(emojiInSources(ROOT));
for (const c of RESERVE) points.add(c.codePointAt(0) as number);
// The emoji variation selector, the keycap and the joiner, which the font's ligatures are made of.
for (const cp of [0xfe0f, 0x20e3, 0x200d]) points.add(cp);
const unicodes = [...points].sort((a, b) => a - b).map((cp) => cp.toString(16)).join(',');
execFileSync('/usr/bin/pyftsubset', [SOURCE, `--unicodes=${unicodes}`, '--layout-features=*', '--no-hinting', `--output-file=${EMOJI_FONT}`], { stdio: 'inherit' });
console.log(`${EMOJI_FONT}: ${points.size} code points`);
