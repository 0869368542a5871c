/**
 * Every player keeps a colour of their own for every reader: the colours that stand for players
 * (Istanbul's player colours; the end-of-game chart's lines, which also colour the board post's bar of a game
 * whose players have no colour) stay apart under normal vision and under the three dichromacies (Machado et
 * al. 2009 at full severity), by CIEDE2000 10 or more.
 *
 * Why 10: 1 is a just noticeable difference between large patches side by side; a player's colour is seen
 * on small figures (about 20 px on a phone), away from the one it must not be taken for, and the difference
 * needed grows as the patch shrinks (a few times the large-patch figure at that size). 10 is where two
 * small marks are plainly different colours, not shades of one.
 *
 * Colours that are not players' (Istanbul's goods, Kairo's six stall colours) are told apart by shape as
 * well, so no reader depends on their hue: Kairo's violet and blue, the game's own, look alike to a
 * deuteranope and differ by their star and diamond.
 */
import { describe, expect, it } from 'vitest';
import { closestPair, COLOUR_VISIONS, deltaE2000, labOf, seenDistance, simulate } from '../../../src/render/common/colour-vision.js';
import { renderScoreChart } from '../../../src/render/chart.js';
import { CHART_PALETTE } from '../../../src/render/common/palette.js';
import { PLAYER_STYLES, GOOD_STYLES } from '../../../src/games/istanbul/render/style.js';
import { COLOUR_STYLES } from '../../../src/games/kairo/render/style.js';
import { recordTexts } from '../drawn-text.js';

const APART = 10;

const PLAYER_PALETTES: Readonly<Record<string, readonly string[]>> = {
  "Istanbul's player colours": Object.values(PLAYER_STYLES).map((s) => s.fill),
  "the chart's lines": CHART_PALETTE,
};

describe('CIEDE2000', () => {
  // Sharma, Wu & Dalal (2005), the published test pairs.
  const pairs: readonly [readonly [number, number, number], readonly [number, number, number], number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
    [[50, 2.5, 0], [50, 3.2972, 0], 1.0],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
    [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
  ];
  it.each(pairs)('%j against %j is %d', (x, y, want) => {
    expect(deltaE2000({ l: x[0], a: x[1], b: x[2] }, { l: y[0], a: y[1], b: y[2] })).toBeCloseTo(want, 3);
  });

  it('a protanope and a deuteranope see red and green close, a trichromat far apart; greys look the same to all', () => {
    for (const vision of ['protanopia', 'deuteranopia'] as const) expect(seenDistance('#ff0000', '#00ff00', vision)).toBeLessThan(seenDistance('#ff0000', '#00ff00', 'normal') / 2);
    for (const vision of COLOUR_VISIONS) for (const grey of ['#000000', '#777777', '#ffffff']) expect(labOf(simulate(grey, vision)).l).toBeCloseTo(labOf(simulate(grey, 'normal')).l, 1);
  });
});

describe('player colours stay apart for every reader', () => {
  for (const [name, colours] of Object.entries(PLAYER_PALETTES)) {
    for (const vision of COLOUR_VISIONS) {
      it(`${name}, ${vision}: every pair at least ${APART} apart`, () => {
        const closest = closestPair(colours, vision);
        expect(closest.distance, `${closest.a} and ${closest.b}`).toBeGreaterThanOrEqual(APART);
      });
    }
  }
});

describe('colours that are not players’ are told apart by shape too', () => {
  it("Istanbul's goods: a shape each, and apart for every reader", () => {
    const goods = Object.values(GOOD_STYLES);
    expect(new Set(goods.map((g) => g.shape)).size).toBe(goods.length);
    for (const vision of COLOUR_VISIONS) expect(closestPair(goods.map((g) => g.fill), vision).distance).toBeGreaterThanOrEqual(APART);
  });

  it("Kairo's six colours: a shape each (violet and blue look alike to a deuteranope)", () => {
    const colours = Object.values(COLOUR_STYLES);
    expect(new Set(colours.map((c) => c.shape)).size).toBe(colours.length);
    expect(seenDistance(COLOUR_STYLES.violet.fill, COLOUR_STYLES.blue.fill, 'deuteranopia')).toBeLessThan(APART);
    expect(COLOUR_STYLES.violet.shape).not.toBe(COLOUR_STYLES.blue.shape);
  });
});

describe('the end-of-game chart does not tell its lines by colour alone', () => {
  it("each line's end and its legend swatch carry the same number: the legend's row", async () => {
    const names = ['Ada', 'Bo', 'Cy'];
    const texts = await recordTexts(() =>
      renderScoreChart({ title: 'Istanbul #1', scoreLabel: 'Rubies', turnLabel: 'Turn', names, series: [[0, 1, 2], [0, 2, 5], [0, 0, 1]] }),
    );
    // Bo leads (row 1), Ada second, Cy third; each number is written twice, at the line's end and in the legend.
    for (const n of ['1', '2', '3']) expect(texts.filter((t) => t.text === n && t.font.startsWith('bold 16px')).length, `mark ${n}`).toBe(2);
    const legend = texts.filter((t) => /^\d+ {2}/.test(t.text)).map((t) => t.text);
    expect(legend).toEqual(['5  Bo', '2  Ada', '1  Cy']);
  });

  it("with the players' numbers given (as their pieces and the texts carry them), each line's end and swatch carry the player's number", async () => {
    const names = ['Ada', 'Bo', 'Cy'];
    // Cy starts (1), Ada plays second (2), Bo third (3); Bo leads the legend.
    const texts = await recordTexts(() =>
      renderScoreChart({ title: 'Kairo #1', scoreLabel: 'Points', turnLabel: 'Turn', names, series: [[0, 1, 2], [0, 2, 5], [0, 0, 1]], numbers: [2, 3, 1] }),
    );
    const marks = texts.filter((t) => /^\d$/.test(t.text) && t.font.startsWith('bold 16px')).map((t) => t.text);
    // At the lines' ends, then in the legend, both in the legend's order: Bo, Ada, Cy.
    expect(marks).toEqual(['3', '2', '1', '3', '2', '1']);
  });
});
