/** Istanbul options, parsed with zod from untrusted input (a command or a database row). */
import { z } from 'zod';
import { MAX_PLAYERS, MIN_PLAYERS } from './data/players.js';

/** Letters & Seals: present = the expansion is played; `cards`: the new bonus cards mixed with the base ones (default) or alone. */
export const lettersAndSealsSchema = z
  .object({
    cards: z.enum(['mixed', 'newOnly']).default('mixed'),
  })
  .strict();

export const istanbulOptionsSchema = z
  .object({
    players: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS),
    /** Default: 'short' in the base game, 'starter' with the expansion (a 5x4 board: 'starter' or 'random'). */
    layout: z.enum(['short', 'long', 'inOrder', 'random', 'starter']).optional(),
    /** The variant (2–4 players): the bottom assistant of each stack is neutral (white). */
    neutralAssistants: z.boolean().default(false),
    /** The Letters & Seals expansion; absent (or null) = the base game. */
    lettersAndSeals: lettersAndSealsSchema.nullable().optional(),
  })
  .strict()
  .refine((o) => !o.neutralAssistants || o.players <= 4, {
    message: 'the neutral-assistant variant is for 2 to 4 players',
    path: ['neutralAssistants'],
  })
  .refine((o) => (o.lettersAndSeals ? o.layout === undefined || o.layout === 'starter' || o.layout === 'random' : o.layout !== 'starter'), {
    message: "with Letters & Seals the board is 5x4: layout 'starter' or 'random'; 'starter' needs the expansion",
    path: ['layout'],
  })
  .transform((o) => {
    const { lettersAndSeals, ...rest } = o;
    const layout = o.layout ?? (lettersAndSeals ? 'starter' : 'short');
    return lettersAndSeals ? { ...rest, layout, lettersAndSeals } : { ...rest, layout };
  });

export interface IstanbulOptions {
  readonly players: number;
  readonly layout: 'short' | 'long' | 'inOrder' | 'random' | 'starter';
  readonly neutralAssistants: boolean;
  /** Letters & Seals; absent (or null) in the base game. */
  readonly lettersAndSeals?: { readonly cards: 'mixed' | 'newOnly' } | null;
}

export function parseIstanbulOptions(raw: unknown): { ok: true; options: IstanbulOptions } | { ok: false; error: string } {
  const result = istanbulOptionsSchema.safeParse(raw);
  if (result.success) return { ok: true, options: result.data };
  return { ok: false, error: result.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ') };
}
