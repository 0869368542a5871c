/** Tally's options, parsed with zod. */
import { z } from 'zod';
import type { TallyOptions } from './types.js';

export function parseTallyOptions(raw: unknown): { ok: true; options: TallyOptions } | { ok: false; error: string } {
  const parsed = z.object({ players: z.number().int().min(2).max(4), target: z.number().int().min(1).max(100) }).strict().safeParse(raw);
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'bad options' };
}
