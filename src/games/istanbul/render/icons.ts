/**
 * A drawn icon for every place, so a tile is recognised before its name is read. Each icon is drawn in a
 * 100 x 100 box and scaled to the size asked for.
 */
import { drawDie } from './glyphs.js';
import { GOOD_STYLES } from './style.js';
import type { Ctx } from '../../../render/common/index.js';

const INK = '#3a2a18';
const LINE = 3.2;

type Painter = (ctx: Ctx) => void;

function stroke(ctx: Ctx, width = LINE, colour = INK): void {
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.stroke();
}

function fillStroke(ctx: Ctx, fill: string, width = LINE): void {
  ctx.fillStyle = fill;
  ctx.fill();
  stroke(ctx, width);
}

function circle(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

function poly(ctx: Ctx, points: readonly (readonly [number, number])[]): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
}

/** An onion dome sitting on (cx, base) with half-width w and height h, with a finial. */
function onionDome(ctx: Ctx, cx: number, base: number, w: number, h: number, fill: string): void {
  ctx.beginPath();
  ctx.moveTo(cx - w, base);
  ctx.bezierCurveTo(cx - w * 1.25, base - h * 0.55, cx - w * 0.2, base - h * 0.7, cx, base - h);
  ctx.bezierCurveTo(cx + w * 0.2, base - h * 0.7, cx + w * 1.25, base - h * 0.55, cx + w, base);
  ctx.closePath();
  fillStroke(ctx, fill);
  ctx.beginPath();
  ctx.moveTo(cx, base - h);
  ctx.lineTo(cx, base - h - 7);
  stroke(ctx, 2.4);
}

/** A round dome (half ellipse) on (cx, base). */
function dome(ctx: Ctx, cx: number, base: number, w: number, h: number, fill: string): void {
  ctx.beginPath();
  ctx.ellipse(cx, base, w, h, 0, Math.PI, 0);
  ctx.closePath();
  fillStroke(ctx, fill);
}

function minaret(ctx: Ctx, cx: number, base: number, height: number, fill: string): void {
  ctx.beginPath();
  ctx.rect(cx - 3.5, base - height, 7, height);
  fillStroke(ctx, fill, 2.6);
  ctx.beginPath();
  ctx.rect(cx - 5.5, base - height * 0.62, 11, 3.5);
  fillStroke(ctx, fill, 2.2);
  poly(ctx, [
    [cx - 3.5, base - height],
    [cx, base - height - 11],
    [cx + 3.5, base - height],
  ]);
  fillStroke(ctx, '#3b7fa8', 2.2);
}

/** A pointed (Ottoman) arch opening from x0 to x1, springing at y `spring`, down to `base`. */
function pointedArch(ctx: Ctx, x0: number, x1: number, spring: number, base: number, fill: string): void {
  const w = x1 - x0;
  ctx.beginPath();
  ctx.moveTo(x0, base);
  ctx.lineTo(x0, spring);
  ctx.quadraticCurveTo(x0, spring - w * 0.55, x0 + w / 2, spring - w * 0.8);
  ctx.quadraticCurveTo(x1, spring - w * 0.55, x1, spring);
  ctx.lineTo(x1, base);
  ctx.closePath();
  fillStroke(ctx, fill);
}

const wainwright: Painter = (ctx) => {
  // handles
  ctx.beginPath();
  ctx.moveTo(60, 52);
  ctx.lineTo(92, 40);
  stroke(ctx, 5, '#5e3a16');
  // leg
  ctx.beginPath();
  ctx.moveTo(66, 62);
  ctx.lineTo(70, 80);
  stroke(ctx, 4.5, '#5e3a16');
  // tray
  poly(ctx, [
    [10, 36],
    [70, 36],
    [62, 64],
    [22, 64],
  ]);
  fillStroke(ctx, '#c98a4a');
  ctx.beginPath();
  ctx.moveTo(16, 46);
  ctx.lineTo(67, 46);
  ctx.moveTo(19, 55);
  ctx.lineTo(64, 55);
  stroke(ctx, 2, 'rgba(58,42,24,0.55)');
  // wheel
  circle(ctx, 30, 74, 14);
  fillStroke(ctx, '#8a5a2b');
  circle(ctx, 30, 74, 8);
  fillStroke(ctx, '#d9a86a', 2.4);
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 4;
    ctx.beginPath();
    ctx.moveTo(30 + Math.cos(a) * 13, 74 + Math.sin(a) * 13);
    ctx.lineTo(30 - Math.cos(a) * 13, 74 - Math.sin(a) * 13);
    stroke(ctx, 1.8);
  }
  circle(ctx, 30, 74, 3);
  fillStroke(ctx, INK, 1);
};

const fabric: Painter = (ctx) => {
  const { fill, stroke: dark } = GOOD_STYLES.red;
  const roll = (x: number, y: number, w: number, colour: string): void => {
    ctx.beginPath();
    ctx.rect(x, y - 11, w, 22);
    fillStroke(ctx, colour);
    ctx.beginPath();
    ctx.ellipse(x + w, y, 6, 11, 0, 0, Math.PI * 2);
    fillStroke(ctx, '#f1d3c5');
    ctx.beginPath();
    ctx.ellipse(x + w, y, 2.2, 4, 0, 0, Math.PI * 2);
    fillStroke(ctx, dark, 1.5);
    ctx.beginPath();
    ctx.moveTo(x + 8, y - 11);
    ctx.lineTo(x + 8, y + 11);
    ctx.moveTo(x + 16, y - 11);
    ctx.lineTo(x + 16, y + 11);
    stroke(ctx, 1.6, 'rgba(255,255,255,0.45)');
  };
  roll(12, 72, 64, fill);
  roll(6, 50, 62, '#b23a2a');
  roll(22, 28, 56, '#e8705c');
};

const spice: Painter = (ctx) => {
  const { fill } = GOOD_STYLES.green;
  // sack
  ctx.beginPath();
  ctx.moveTo(22, 44);
  ctx.bezierCurveTo(10, 60, 12, 88, 30, 90);
  ctx.lineTo(70, 90);
  ctx.bezierCurveTo(88, 88, 90, 60, 78, 44);
  ctx.closePath();
  fillStroke(ctx, '#d8b98a');
  // heap of spice
  ctx.beginPath();
  ctx.moveTo(20, 46);
  ctx.quadraticCurveTo(50, 8, 80, 46);
  ctx.closePath();
  fillStroke(ctx, fill);
  for (const [x, y] of [
    [40, 36],
    [52, 30],
    [60, 40],
    [47, 42],
  ] as const) {
    circle(ctx, x, y, 2.2);
    ctx.fillStyle = 'rgba(255,255,255,0.55)';
    ctx.fill();
  }
  // rolled rim
  ctx.beginPath();
  ctx.ellipse(50, 46, 31, 6, 0, 0, Math.PI * 2);
  fillStroke(ctx, '#c49f6a');
  // scoop
  ctx.beginPath();
  ctx.moveTo(70, 66);
  ctx.lineTo(94, 52);
  stroke(ctx, 4, '#8a5a2b');
};

const fruit: Painter = (ctx) => {
  const { fill } = GOOD_STYLES.yellow;
  // fruits behind the basket rim
  const fruitAt = (x: number, y: number, r: number, colour: string): void => {
    circle(ctx, x, y, r);
    fillStroke(ctx, colour);
    ctx.beginPath();
    ctx.ellipse(x + r * 0.3, y - r - 2, 5, 2.5, -0.5, 0, Math.PI * 2);
    fillStroke(ctx, '#4f8a3a', 1.6);
  };
  fruitAt(30, 44, 13, fill);
  fruitAt(70, 44, 13, '#f0a63a');
  fruitAt(50, 36, 14, fill);
  // basket
  poly(ctx, [
    [8, 50],
    [92, 50],
    [80, 90],
    [20, 90],
  ]);
  fillStroke(ctx, '#b9824a');
  ctx.beginPath();
  for (const y of [62, 75]) {
    ctx.moveTo(12, y);
    ctx.lineTo(88, y);
  }
  for (const x of [30, 50, 70]) {
    ctx.moveTo(x, 50);
    ctx.lineTo(x + (x - 50) * -0.05, 90);
  }
  stroke(ctx, 1.8, 'rgba(58,42,24,0.55)');
};

const postOffice: Painter = (ctx) => {
  ctx.save();
  ctx.translate(50, 54);
  ctx.rotate(-0.08);
  ctx.beginPath();
  ctx.rect(-40, -26, 80, 52);
  fillStroke(ctx, '#f7f1e3');
  ctx.beginPath();
  ctx.moveTo(-40, -26);
  ctx.lineTo(0, 4);
  ctx.lineTo(40, -26);
  stroke(ctx);
  ctx.beginPath();
  ctx.moveTo(-40, 26);
  ctx.lineTo(-10, 0);
  ctx.moveTo(40, 26);
  ctx.lineTo(10, 0);
  stroke(ctx, 2);
  // wax seal
  circle(ctx, 0, 6, 9);
  fillStroke(ctx, '#b3202d', 2.2);
  circle(ctx, 0, 6, 4);
  stroke(ctx, 1.4, '#f3c6c6');
  ctx.restore();
};

const caravansary: Painter = (ctx) => {
  // building with crenellations
  ctx.beginPath();
  ctx.rect(10, 30, 80, 60);
  fillStroke(ctx, '#e0c28c');
  ctx.beginPath();
  for (let x = 10; x < 90; x += 16) ctx.rect(x, 22, 9, 9);
  fillStroke(ctx, '#e0c28c', 2.4);
  pointedArch(ctx, 32, 68, 60, 90, '#5a3a22');
  // two cards in the gateway
  ctx.save();
  ctx.translate(56, 76);
  ctx.rotate(0.25);
  ctx.beginPath();
  ctx.rect(-9, -13, 18, 26);
  fillStroke(ctx, '#f7f1e3', 2.2);
  ctx.restore();
  ctx.save();
  ctx.translate(44, 76);
  ctx.rotate(-0.2);
  ctx.beginPath();
  ctx.rect(-9, -13, 18, 26);
  fillStroke(ctx, '#2d5f8a', 2.2);
  poly(ctx, [
    [0, -7],
    [5, 0],
    [0, 7],
    [-5, 0],
  ]);
  ctx.fillStyle = '#e6b54a';
  ctx.fill();
  ctx.restore();
};

const fountain: Painter = (ctx) => {
  // water jets
  ctx.beginPath();
  ctx.moveTo(50, 50);
  ctx.quadraticCurveTo(30, 6, 16, 52);
  ctx.moveTo(50, 50);
  ctx.quadraticCurveTo(70, 6, 84, 52);
  ctx.moveTo(50, 50);
  ctx.lineTo(50, 14);
  stroke(ctx, 4, '#4aa3d8');
  circle(ctx, 50, 13, 4);
  ctx.fillStyle = '#4aa3d8';
  ctx.fill();
  // column
  ctx.beginPath();
  ctx.rect(44, 44, 12, 20);
  fillStroke(ctx, '#d9cbb0');
  // basin
  poly(ctx, [
    [6, 62],
    [94, 62],
    [84, 90],
    [16, 90],
  ]);
  fillStroke(ctx, '#d9cbb0');
  ctx.beginPath();
  ctx.ellipse(50, 62, 44, 7, 0, 0, Math.PI * 2);
  fillStroke(ctx, '#7cc4ea');
  ctx.beginPath();
  ctx.moveTo(28, 70);
  ctx.lineTo(28, 88);
  ctx.moveTo(50, 70);
  ctx.lineTo(50, 90);
  ctx.moveTo(72, 70);
  ctx.lineTo(72, 88);
  stroke(ctx, 1.8, 'rgba(58,42,24,0.45)');
};

const blackMarket: Painter = (ctx) => {
  // hooded lantern-lit crate with a jewel and dice
  poly(ctx, [
    [8, 54],
    [62, 54],
    [62, 90],
    [8, 90],
  ]);
  fillStroke(ctx, '#4a3a2c');
  ctx.beginPath();
  ctx.moveTo(8, 66);
  ctx.lineTo(62, 66);
  ctx.moveTo(8, 78);
  ctx.lineTo(62, 78);
  stroke(ctx, 1.8, 'rgba(255,255,255,0.25)');
  // jewel on the crate
  const blue = GOOD_STYLES.blue;
  poly(ctx, [
    [35, 22],
    [52, 38],
    [35, 56],
    [18, 38],
  ]);
  fillStroke(ctx, blue.fill);
  ctx.beginPath();
  ctx.moveTo(18, 38);
  ctx.lineTo(52, 38);
  stroke(ctx, 1.6, 'rgba(255,255,255,0.6)');
  ctx.save();
  ctx.translate(0, 0);
  drawDie(ctx, 64, 44, 26, 5);
  ctx.restore();
  ctx.save();
  ctx.translate(84, 78);
  ctx.rotate(0.3);
  drawDie(ctx, -13, -13, 24, 6);
  ctx.restore();
};

const teaHouse: Painter = (ctx) => {
  // steam
  ctx.beginPath();
  ctx.moveTo(42, 26);
  ctx.bezierCurveTo(34, 18, 50, 12, 42, 4);
  ctx.moveTo(56, 26);
  ctx.bezierCurveTo(48, 18, 64, 12, 56, 4);
  stroke(ctx, 2.6, 'rgba(58,42,24,0.5)');
  // saucer
  ctx.beginPath();
  ctx.ellipse(50, 86, 36, 7, 0, 0, Math.PI * 2);
  fillStroke(ctx, '#e8e2d4');
  // tulip glass
  ctx.beginPath();
  ctx.moveTo(30, 30);
  ctx.bezierCurveTo(30, 46, 40, 50, 38, 62);
  ctx.bezierCurveTo(36, 72, 32, 80, 38, 84);
  ctx.lineTo(62, 84);
  ctx.bezierCurveTo(68, 80, 64, 72, 62, 62);
  ctx.bezierCurveTo(60, 50, 70, 46, 70, 30);
  ctx.closePath();
  ctx.fillStyle = 'rgba(230,240,245,0.9)';
  ctx.fill();
  // tea
  ctx.save();
  ctx.clip();
  ctx.beginPath();
  ctx.rect(20, 40, 60, 50);
  ctx.fillStyle = '#b5481c';
  ctx.fill();
  ctx.beginPath();
  ctx.rect(20, 40, 60, 4);
  ctx.fillStyle = '#d9762e';
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.moveTo(30, 30);
  ctx.bezierCurveTo(30, 46, 40, 50, 38, 62);
  ctx.bezierCurveTo(36, 72, 32, 80, 38, 84);
  ctx.lineTo(62, 84);
  ctx.bezierCurveTo(68, 80, 64, 72, 62, 62);
  ctx.bezierCurveTo(60, 50, 70, 46, 70, 30);
  stroke(ctx);
  ctx.beginPath();
  ctx.moveTo(28, 30);
  ctx.lineTo(72, 30);
  stroke(ctx);
};

function marketStall(ctx: Ctx, great: boolean): void {
  const stripeA = great ? '#8e2f1c' : '#e8894a';
  const stripeB = great ? '#f1e1c0' : '#fbf0d9';
  // posts
  ctx.beginPath();
  ctx.moveTo(14, 40);
  ctx.lineTo(14, 90);
  ctx.moveTo(86, 40);
  ctx.lineTo(86, 90);
  stroke(ctx, 4, '#5e3a16');
  // counter with goods
  ctx.beginPath();
  ctx.rect(10, 66, 80, 24);
  fillStroke(ctx, '#b9824a');
  const goods = great ? (['blue', 'red', 'blue'] as const) : (['green', 'yellow', 'red'] as const);
  goods.forEach((g, i) => {
    const st = GOOD_STYLES[g];
    ctx.save();
    circle(ctx, 30 + i * 20, 60, 8);
    ctx.fillStyle = st.fill;
    ctx.fill();
    stroke(ctx, 2.2);
    ctx.restore();
  });
  // striped awning with scalloped edge
  const n = great ? 6 : 5;
  const left = 6;
  const width = 88;
  const w = width / n;
  for (let i = 0; i < n; i++) {
    ctx.beginPath();
    ctx.moveTo(left + 10 + i * ((width - 20) / n), 14);
    ctx.lineTo(left + 10 + (i + 1) * ((width - 20) / n), 14);
    ctx.lineTo(left + (i + 1) * w, 38);
    ctx.arc(left + (i + 0.5) * w, 38, w / 2, 0, Math.PI);
    ctx.closePath();
    ctx.fillStyle = i % 2 === 0 ? stripeA : stripeB;
    ctx.fill();
    stroke(ctx, 2.2);
  }
  if (great) {
    poly(ctx, [
      [44, 14],
      [50, 4],
      [56, 14],
    ]);
    fillStroke(ctx, '#e6b54a', 2);
  }
}

const greatMarket: Painter = (ctx) => marketStall(ctx, true);
const smallMarket: Painter = (ctx) => marketStall(ctx, false);

const police: Painter = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(50, 8);
  ctx.lineTo(86, 20);
  ctx.bezierCurveTo(86, 56, 72, 80, 50, 92);
  ctx.bezierCurveTo(28, 80, 14, 56, 14, 20);
  ctx.closePath();
  fillStroke(ctx, '#2f4f7a');
  ctx.beginPath();
  ctx.moveTo(50, 16);
  ctx.lineTo(78, 26);
  ctx.bezierCurveTo(78, 54, 68, 72, 50, 83);
  ctx.bezierCurveTo(32, 72, 22, 54, 22, 26);
  ctx.closePath();
  stroke(ctx, 2, '#e6b54a');
  // crescent and star
  circle(ctx, 46, 48, 16);
  ctx.fillStyle = '#f3e6cb';
  ctx.fill();
  circle(ctx, 52, 46, 13);
  ctx.fillStyle = '#2f4f7a';
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? 7 : 3;
    const x = 60 + Math.cos(a) * r;
    const y = 47 + Math.sin(a) * r;
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fillStyle = '#f3e6cb';
  ctx.fill();
};

const sultan: Painter = (ctx) => {
  // towers
  for (const x of [14, 86]) {
    ctx.beginPath();
    ctx.rect(x - 8, 38, 16, 54);
    fillStroke(ctx, '#efe0bf');
    onionDome(ctx, x, 38, 9, 16, '#e6b54a');
  }
  // main hall
  ctx.beginPath();
  ctx.rect(24, 52, 52, 40);
  fillStroke(ctx, '#f6ead0');
  onionDome(ctx, 50, 52, 22, 34, '#e6b54a');
  pointedArch(ctx, 41, 59, 78, 92, '#5a3577');
  // ruby on the dome
  poly(ctx, [
    [44, 36],
    [56, 36],
    [50, 46],
  ]);
  ctx.fillStyle = '#d11f4b';
  ctx.fill();
};

function mosque(ctx: Ctx, great: boolean): void {
  const body = '#eadfca';
  const domeFill = great ? '#2f6fc0' : '#1f9e76';
  if (great) {
    minaret(ctx, 8, 92, 66, body);
    minaret(ctx, 92, 92, 66, body);
  }
  minaret(ctx, great ? 20 : 14, 92, great ? 54 : 62, body);
  minaret(ctx, great ? 80 : 86, 92, great ? 54 : 62, body);
  ctx.beginPath();
  ctx.rect(26, 62, 48, 30);
  fillStroke(ctx, body);
  if (great) {
    dome(ctx, 32, 62, 8, 8, domeFill);
    dome(ctx, 68, 62, 8, 8, domeFill);
  }
  dome(ctx, 50, 62, great ? 20 : 17, great ? 24 : 20, domeFill);
  ctx.beginPath();
  ctx.moveTo(50, great ? 38 : 42);
  ctx.lineTo(50, great ? 30 : 34);
  stroke(ctx, 2.4);
  pointedArch(ctx, 43, 57, 82, 92, '#5a3a22');
}

const smallMosque: Painter = (ctx) => mosque(ctx, false);
const greatMosque: Painter = (ctx) => mosque(ctx, true);

function gem(ctx: Ctx, cx: number, cy: number, r: number, fill: string): void {
  const top = cy - r * 0.7;
  const mid = cy - r * 0.2;
  poly(ctx, [
    [cx - r * 0.55, top],
    [cx + r * 0.55, top],
    [cx + r, mid],
    [cx, cy + r],
    [cx - r, mid],
  ]);
  fillStroke(ctx, fill);
  ctx.beginPath();
  ctx.moveTo(cx - r, mid);
  ctx.lineTo(cx + r, mid);
  ctx.moveTo(cx - r * 0.55, top);
  ctx.lineTo(cx - r * 0.25, mid);
  ctx.lineTo(cx, cy + r);
  ctx.lineTo(cx + r * 0.25, mid);
  ctx.lineTo(cx + r * 0.55, top);
  stroke(ctx, 1.6, 'rgba(255,220,230,0.75)');
}

const gemstone: Painter = (ctx) => {
  // cushion
  ctx.beginPath();
  ctx.ellipse(50, 80, 42, 12, 0, 0, Math.PI * 2);
  fillStroke(ctx, '#5a3577');
  gem(ctx, 50, 46, 30, '#d11f4b');
  gem(ctx, 16, 72, 10, '#d11f4b');
  gem(ctx, 84, 72, 10, '#d11f4b');
};

const embassy: Painter = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(50, 6);
  ctx.lineTo(50, 30);
  stroke(ctx, 2.6);
  poly(ctx, [
    [50, 6],
    [72, 11],
    [50, 17],
  ]);
  fillStroke(ctx, '#b3202d', 2);
  poly(ctx, [
    [8, 44],
    [50, 26],
    [92, 44],
  ]);
  fillStroke(ctx, '#efe0bf');
  ctx.beginPath();
  ctx.rect(12, 44, 76, 8);
  fillStroke(ctx, '#efe0bf');
  for (const x of [20, 36, 64, 80]) {
    ctx.beginPath();
    ctx.rect(x - 4, 52, 8, 30);
    fillStroke(ctx, '#f8f0de', 2.4);
  }
  ctx.beginPath();
  ctx.rect(44, 58, 12, 24);
  fillStroke(ctx, '#5a3a22', 2.4);
  ctx.beginPath();
  ctx.rect(8, 82, 84, 9);
  fillStroke(ctx, '#d9cbb0');
};

const kiosk: Painter = (ctx) => {
  poly(ctx, [
    [10, 44],
    [50, 8],
    [90, 44],
  ]);
  fillStroke(ctx, '#1f9e76');
  ctx.beginPath();
  ctx.moveTo(50, 8);
  ctx.lineTo(50, 2);
  stroke(ctx, 2.4);
  for (const x of [18, 82]) {
    ctx.beginPath();
    ctx.moveTo(x, 44);
    ctx.lineTo(x, 90);
    stroke(ctx, 4, '#5e3a16');
  }
  ctx.beginPath();
  ctx.rect(14, 66, 72, 24);
  fillStroke(ctx, '#e0c28c');
  // tiles on the counter
  for (const [x, c] of [
    [26, '#f2c53d'],
    [44, '#d8452f'],
    [62, '#2f6fc0'],
  ] as const) {
    ctx.beginPath();
    ctx.rect(x, 54, 13, 13);
    fillStroke(ctx, c, 2);
  }
};

const auction: Painter = (ctx) => {
  // sound block
  ctx.beginPath();
  ctx.ellipse(36, 84, 28, 8, 0, 0, Math.PI * 2);
  fillStroke(ctx, '#8a5a2b');
  // gavel
  ctx.save();
  ctx.translate(58, 44);
  ctx.rotate(-0.7);
  ctx.beginPath();
  ctx.rect(-4, 0, 8, 48);
  fillStroke(ctx, '#c98a4a');
  ctx.beginPath();
  ctx.rect(-20, -14, 40, 18);
  fillStroke(ctx, '#7a4b2a');
  ctx.beginPath();
  ctx.rect(-22, -16, 6, 22);
  ctx.rect(16, -16, 6, 22);
  fillStroke(ctx, '#e6b54a', 2.2);
  ctx.restore();
};

const secretSociety: Painter = (ctx) => {
  // a mask
  ctx.beginPath();
  ctx.moveTo(8, 40);
  ctx.bezierCurveTo(20, 28, 40, 30, 50, 40);
  ctx.bezierCurveTo(60, 30, 80, 28, 92, 40);
  ctx.bezierCurveTo(92, 62, 76, 70, 62, 64);
  ctx.bezierCurveTo(56, 61, 54, 56, 50, 56);
  ctx.bezierCurveTo(46, 56, 44, 61, 38, 64);
  ctx.bezierCurveTo(24, 70, 8, 62, 8, 40);
  ctx.closePath();
  fillStroke(ctx, '#2b2b2e');
  ctx.beginPath();
  ctx.ellipse(30, 48, 9, 6, 0.1, 0, Math.PI * 2);
  ctx.ellipse(70, 48, 9, 6, -0.1, 0, Math.PI * 2);
  ctx.fillStyle = '#f4e8cf';
  ctx.fill();
  // seal below
  circle(ctx, 50, 80, 11);
  fillStroke(ctx, '#b3202d', 2.4);
  circle(ctx, 50, 80, 5);
  stroke(ctx, 1.6, '#f3c6c6');
};

const catacombs: Painter = (ctx) => {
  ctx.beginPath();
  ctx.rect(8, 20, 84, 72);
  fillStroke(ctx, '#9a8a70');
  pointedArch(ctx, 26, 74, 56, 92, '#1d1712');
  for (let y = 30; y < 90; y += 12) {
    ctx.beginPath();
    ctx.moveTo(8, y);
    ctx.lineTo(22, y);
    ctx.moveTo(78, y);
    ctx.lineTo(92, y);
    stroke(ctx, 1.4, 'rgba(58,42,24,0.5)');
  }
};

const PAINTERS: Readonly<Record<number, Painter>> = {
  1: wainwright,
  2: fabric,
  3: spice,
  4: fruit,
  5: postOffice,
  6: caravansary,
  7: fountain,
  8: blackMarket,
  9: teaHouse,
  10: greatMarket,
  11: smallMarket,
  12: police,
  13: sultan,
  14: smallMosque,
  15: greatMosque,
  16: gemstone,
  21: embassy,
  22: kiosk,
  23: auction,
  24: secretSociety,
  25: catacombs,
};

/** Draws place `id`'s icon into the square (x, y, size). */
export function drawPlaceIcon(ctx: Ctx, id: number, x: number, y: number, size: number): void {
  const painter = PAINTERS[id];
  if (!painter) return;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  painter(ctx);
  ctx.restore();
}
