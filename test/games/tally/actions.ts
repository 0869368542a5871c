/** Tally's actions: parsed with zod, keyed and described. */
import { z } from 'zod';
import type { Message } from '../../../src/engine/index.js';
import type { TallyAction } from './types.js';

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), n: z.union([z.literal(1), z.literal(2)]) }).strict(),
  z.object({ type: z.literal('draw') }).strict(),
  z.object({ type: z.literal('play'), card: z.number().int().min(0).max(20) }).strict(),
  z.object({ type: z.literal('pick'), n: z.number().int().min(1).max(30) }).strict(),
  z.object({ type: z.literal('end') }).strict(),
]);

export function parseTallyAction(raw: unknown): TallyAction | null {
  const parsed = actionSchema.safeParse(raw);
  return parsed.success ? (parsed.data as TallyAction) : null;
}

export function tallyActionKey(a: TallyAction): string {
  switch (a.type) {
    case 'add':
    case 'pick':
      return `${a.type}:${a.n}`;
    case 'play':
      return `play:${a.card}`;
    default:
      return a.type;
  }
}

export function describeTallyAction(a: TallyAction): Message {
  switch (a.type) {
    case 'add':
      return { key: 'tally.action.add', params: { n: a.n } };
    case 'play':
      return { key: 'tally.action.play', params: { card: a.card + 1 } };
    case 'pick':
      return { key: 'tally.action.pick', params: { n: a.n } };
    default:
      return { key: `tally.action.${a.type}` };
  }
}
