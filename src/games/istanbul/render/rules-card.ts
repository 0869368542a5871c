/**
 * Istanbul's rules card: the place's own tile artwork from the board (icons.ts) on the
 * tile colour, its number badge, and the common card frame with the place's name and text.
 */
import { renderRulesCard, isRulesCardText } from '../../../render/rules-card.js';
import { darken, font, type Ctx } from '../../../render/common/index.js';
import { drawPlaceIcon } from './icons.js';
import { placeBand, THEME } from './style.js';

/** The job's subject: which place. */
export interface IstanbulRulesSubject {
  readonly place: number;
}

function drawPlacePicture(ctx: Ctx, place: number, x: number, y: number, size: number): void {
  ctx.fillStyle = THEME.tile;
  ctx.fillRect(x, y, size, size);
  const band = placeBand(place);
  ctx.fillStyle = band;
  ctx.fillRect(x, y, size, 44);
  ctx.fillStyle = darken(band, 0.3);
  ctx.fillRect(x, y + 42, size, 2);
  // The number badge, as on the board's tile.
  ctx.beginPath();
  ctx.arc(x + 30, y + 22, 16, 0, Math.PI * 2);
  ctx.fillStyle = THEME.tile;
  ctx.fill();
  ctx.fillStyle = THEME.tileInk;
  ctx.font = font(place >= 10 ? 16 : 19, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(place), x + 30, y + 22.5);
  const art = size - 70;
  drawPlaceIcon(ctx, place, x + (size - art) / 2, y + 56, art);
}

export function renderIstanbulRulesCard(subject: unknown, options: unknown): Promise<Buffer> {
  const place = (subject as IstanbulRulesSubject | null)?.place;
  if (typeof place !== 'number' || !Number.isInteger(place)) return Promise.reject(new TypeError('a rules card names its place'));
  if (!isRulesCardText(options)) return Promise.reject(new TypeError('a rules card needs its title and text'));
  const band = placeBand(place);
  return renderRulesCard(
    options,
    { background: THEME.background, panel: THEME.panel, panelEdge: THEME.panelEdge, ink: THEME.panelInk, muted: THEME.panelMuted, band, bandInk: '#ffffff' },
    (ctx, x, y, size) => drawPlacePicture(ctx, place, x, y, size),
  );
}
