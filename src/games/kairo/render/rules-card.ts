/**
 * Kairo's rules card: the card kind drawn with the board's own card artwork (glyphs.ts:
 * a building card's little market map, the crier's megaphone), and the common card frame with its name
 * and text.
 */
import { isRulesCardText, renderRulesCard } from '../../../render/rules-card.js';
import type { Ctx } from '../../../render/common/index.js';
import type { KairoCardView } from '../view/types.js';
import { drawBuildingCard, drawCrier } from './glyphs.js';
import { THEME } from './style.js';

const KINDS = ['building', 'jokerRow', 'jokerColumn', 'crier'] as const;
type Kind = (typeof KINDS)[number];

/** The cards shown for a kind: the building cards of its examples (a crier card has its own picture). */
const EXAMPLES: Readonly<Record<Exclude<Kind, 'crier'>, readonly KairoCardView[]>> = {
  building: [
    { type: 's1', sections: [1], joker: false },
    { type: 's5', sections: [5], joker: false },
    { type: 's9', sections: [9], joker: false },
  ],
  jokerRow: [{ type: 'jr2', sections: [4, 5, 6], joker: true }],
  jokerColumn: [{ type: 'jc2', sections: [2, 5, 8], joker: true }],
};

function drawKindPicture(ctx: Ctx, kind: Kind, x: number, y: number, size: number): void {
  ctx.fillStyle = THEME.panelRaised;
  ctx.fillRect(x, y, size, size);
  if (kind === 'crier') {
    const w = size * 0.5;
    const h = size * 0.7;
    const cx = x + (size - w) / 2;
    const cy = y + (size - h) / 2;
    ctx.beginPath();
    ctx.roundRect(cx, cy, w, h, 10);
    ctx.fillStyle = THEME.cardMark;
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = THEME.card;
    ctx.stroke();
    drawCrier(ctx, x + size / 2, y + size / 2, w * 0.36);
    return;
  }
  const cards = EXAMPLES[kind];
  // One big card, or a fan of three examples of the standard card.
  const w = cards.length === 1 ? size * 0.56 : size * 0.42;
  const h = w * 1.4;
  cards.forEach((card, i) => {
    const offset = cards.length === 1 ? 0 : (i - 1) * size * 0.24;
    const cx = x + (size - w) / 2 + offset;
    const cy = y + (size - h) / 2 + (cards.length === 1 ? 0 : (i - 1) * size * 0.06);
    drawBuildingCard(ctx, cx, cy, w, h, card);
  });
}

export function renderKairoRulesCard(subject: unknown, options: unknown): Promise<Buffer> {
  const kind = (subject as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) return Promise.reject(new TypeError('a rules card names its kind of card'));
  if (!isRulesCardText(options)) return Promise.reject(new TypeError('a rules card needs its title and text'));
  return renderRulesCard(
    options,
    { background: THEME.background, panel: THEME.panel, panelEdge: THEME.panelEdge, ink: THEME.panelInk, muted: THEME.panelMuted, band: THEME.cardMark, bandInk: '#ffffff' },
    (ctx, x, y, size) => drawKindPicture(ctx, kind as Kind, x, y, size),
  );
}
