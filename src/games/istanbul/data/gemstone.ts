/** Gemstone Dealer 16: price = the highest uncovered number; each purchase uncovers the next one. */
export const GEMSTONE_TOP_PRICE = 23;

export function gemstoneSetup(players: number): { rubies: number; firstPrice: number } {
  if (players >= 4) return { rubies: 12, firstPrice: 12 };
  if (players === 3) return { rubies: 10, firstPrice: 14 };
  return { rubies: 9, firstPrice: 15 };
}

export function gemstonePrices(players: number): number[] {
  const { rubies, firstPrice } = gemstoneSetup(players);
  return Array.from({ length: rubies }, (_, i) => firstPrice + i);
}
