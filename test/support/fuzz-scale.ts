/**
 * How many random games a fuzz test plays. The suite plays its share (enough to cover every option and
 * layout, cheap enough to keep the whole suite within its few minutes); `npm run fuzz` multiplies it
 * (FUZZ_SCALE, default there 8: 320 games per player count) for the long run before a release or after a rules change.
 */
const scale = Number(process.env.FUZZ_SCALE ?? '1');
if (!Number.isInteger(scale) || scale < 1) throw new Error(`FUZZ_SCALE must be a whole number of at least 1, not ${process.env.FUZZ_SCALE}`);

/** `suiteGames` games, times FUZZ_SCALE. */
export function fuzzGames(suiteGames: number): number {
  return suiteGames * scale;
}
