/**
 * How a colour looks to a reader with a colour-vision deficiency, and how far apart two colours look: the
 * renderers' player colours are held to a distance under each of them (see the palette tests).
 *
 * The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of
 * Color Vision Deficiency", at severity 1.0 (a dichromat: the strongest case), applied in linear RGB. The
 * distance is CIEDE2000 (CIE 142-2001) between CIELAB colours under D65.
 */
import { parseHex } from './colour.js';

export type ColourVision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

export const COLOUR_VISIONS: readonly ColourVision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

type Matrix = readonly [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]];

/** The paper's matrices for severity 1.0, on linear RGB. */
const MACHADO: Readonly<Record<Exclude<ColourVision, 'normal'>, Matrix>> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** Linear RGB, each 0..1. */
export type LinearRgb = readonly [number, number, number];

const toLinear = (v: number): number => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function linearRgb(hex: string): LinearRgb {
  const { r, g, b } = parseHex(hex);
  return [toLinear(r), toLinear(g), toLinear(b)];
}

/** The colour as a reader with `vision` sees it, in linear RGB (clamped to the displayable range). */
export function simulate(hex: string, vision: ColourVision): LinearRgb {
  const rgb = linearRgb(hex);
  if (vision === 'normal') return rgb;
  const m = MACHADO[vision];
  const clamp = (v: number): number => Math.min(1, Math.max(0, v));
  const row = (k: 0 | 1 | 2): number => clamp(m[k][0] * rgb[0] + m[k][1] * rgb[1] + m[k][2] * rgb[2]);
  return [row(0), row(1), row(2)];
}

export interface Lab {
  readonly l: number;
  readonly a: number;
  readonly b: number;
}

/** CIELAB (D65 white) of a linear sRGB colour. */
export function labOf([r, g, b]: LinearRgb): Lab {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** CIEDE2000 colour difference (kL = kC = kH = 1): about 1 is just noticeable, 10 and more plainly different. */
export function deltaE2000(x: Lab, y: Lab): number {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(x.a, x.b);
  const c2 = Math.hypot(y.a, y.b);
  const cMean = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(cMean ** 7 / (cMean ** 7 + 25 ** 7)));
  const a1 = (1 + g) * x.a;
  const a2 = (1 + g) * y.a;
  const c1p = Math.hypot(a1, x.b);
  const c2p = Math.hypot(a2, y.b);
  const hue = (b: number, a: number): number => (b === 0 && a === 0 ? 0 : ((Math.atan2(b, a) / rad) + 360) % 360);
  const h1 = hue(x.b, a1);
  const h2 = hue(y.b, a2);
  const dL = y.l - x.l;
  const dC = c2p - c1p;
  let dh = 0;
  if (c1p * c2p !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh / 2) * rad);
  const lMean = (x.l + y.l) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1 + h2;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t = 1 - 0.17 * Math.cos((hMean - 30) * rad) + 0.24 * Math.cos(2 * hMean * rad) + 0.32 * Math.cos((3 * hMean + 6) * rad) - 0.2 * Math.cos((4 * hMean - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(cMeanP ** 7 / (cMeanP ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cMeanP;
  const sh = 1 + 0.015 * cMeanP * t;
  const rt = -Math.sin(2 * dTheta * rad) * rc;
  return Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
}

/** How far apart two colours look to a reader with `vision` (CIEDE2000 of the simulated colours). */
export function seenDistance(a: string, b: string, vision: ColourVision): number {
  return deltaE2000(labOf(simulate(a, vision)), labOf(simulate(b, vision)));
}

/** The closest pair of `colours` under `vision`, and its distance. */
export function closestPair(colours: readonly string[], vision: ColourVision): { readonly a: string; readonly b: string; readonly distance: number } {
  let best = { a: '', b: '', distance: Infinity };
  colours.forEach((a, i) => {
    for (const b of colours.slice(i + 1)) {
      const distance = seenDistance(a, b, vision);
      if (distance < best.distance) best = { a, b, distance };
    }
  });
  return best;
}
