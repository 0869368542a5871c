/** Istanbul options, parsed with zod from untrusted input (a command or a database row). */
import { z } from 'zod';
import { MAX_PLAYERS, MIN_PLAYERS } from './data/players.js';

export const istanbulOptionsSchema = z
  .object({
    players: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS),
    layout: z.enum(['short', 'long', 'inOrder', 'random']).default('short'),
    /** The variant (2–4 players): the bottom assistant of each stack is neutral (white). */
    neutralAssistants: z.boolean().default(false),
  })
  .strict()
  .refine((o) => !o.neutralAssistants || o.players <= 4, {
    message: 'the neutral-assistant variant is for 2 to 4 players',
    path: ['neutralAssistants'],
  });

export type IstanbulOptions = z.output<typeof istanbulOptionsSchema>;

export function parseIstanbulOptions(raw: unknown): { ok: true; options: IstanbulOptions } | { ok: false; error: string } {
  const result = istanbulOptionsSchema.safeParse(raw);
  if (result.success) return { ok: true, options: result.data };
  return { ok: false, error: result.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ') };
}
