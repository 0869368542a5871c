/**
 * User-provided text (display names, echoed command options) inside the bot's messages. Discord renders
 * markdown in message content: a name like `[Free Nitro](https://evil.example)` would become a link,
 * `**` bold, `<@&id>` a role chip. Such text is made plain: one line, control and direction-override
 * characters removed, bounded in length, and every character markdown gives a meaning to escaped with a
 * backslash (Discord shows the character, not the backslash). Button labels are not markdown: they get
 * the clean, bounded text without escapes.
 */

/** Discord's own limit for display names. */
export const NAME_MAX = 32;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;
const MARKDOWN = /[\\*_~`|>#\-[\]()<:@.!]/g;

/** One line of at most `max` characters (code points), ending in an ellipsis when cut. */
export function oneLine(raw: string, max: number): string {
  const flat = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** Text that renders exactly as typed in message content. */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN, (c) => `\\${c}`);
}

/** A display name for message content. */
export function plainName(raw: string): string {
  return escapeMarkdown(oneLine(raw, NAME_MAX) || '?');
}

/** A display name for a button label or select option. */
export function labelName(raw: string): string {
  return oneLine(raw, NAME_MAX) || '?';
}

/** A user's option value echoed back in a message: bounded and plain. */
export function echo(raw: string, max = 100): string {
  return escapeMarkdown(oneLine(raw, max));
}
