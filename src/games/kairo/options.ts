/** Kairo's options, parsed with zod from untrusted input (a command or a database row). */
import { z } from 'zod';
import { MAX_PLAYERS, MIN_PLAYERS } from './data/board.js';
import type { KairoOptions } from './types.js';

const optionsSchema = z
  .object({
    players: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS),
    start: z.enum(['variable', 'quick']).default('variable'),
  })
  .strict();

export function parseKairoOptions(raw: unknown): { ok: true; options: KairoOptions } | { ok: false; error: string } {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ') };
  return { ok: true, options: parsed.data };
}
