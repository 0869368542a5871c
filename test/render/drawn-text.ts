/**
 * Records every text a renderer draws (fillText and strokeText on any canvas of this thread, the cached
 * layers' included) with where it went and how high its digits stand in the image: the font's digit
 * height as Skia measures it ("0123456789" above and below the baseline), times the vertical scale of the
 * transform in force. The phone test asserts on these draws, not on the sizes the code means to use.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface DrawnText {
  readonly text: string;
  readonly font: string;
  /** Where it was drawn, in the canvas's pixels (the anchor point, after the transform). */
  readonly x: number;
  readonly y: number;
  /** The height of a digit in this font and transform, in the canvas's pixels. */
  readonly digitHeight: number;
}

type TextMethod = (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) => void;

const digitHeights = new Map<string, number>();

function digitHeightOf(font: string): number {
  let h = digitHeights.get(font);
  if (h === undefined) {
    const probe = createCanvas(1, 1).getContext('2d');
    probe.font = font;
    probe.textBaseline = 'alphabetic';
    const m = probe.measureText('0123456789');
    h = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
    digitHeights.set(font, h);
  }
  return h;
}

/** Runs `draw` (sync or async) and returns what it drew as text, in order. */
export async function recordTexts(draw: () => unknown): Promise<DrawnText[]> {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as Record<'fillText' | 'strokeText', TextMethod>;
  const texts: DrawnText[] = [];
  const originals = { fillText: proto.fillText, strokeText: proto.strokeText };
  for (const name of ['fillText', 'strokeText'] as const) {
    const original = originals[name];
    proto[name] = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number): void {
      const t = this.getTransform();
      texts.push({
        text,
        font: this.font,
        x: t.a * x + t.c * y + t.e,
        y: t.b * x + t.d * y + t.f,
        digitHeight: digitHeightOf(this.font) * Math.hypot(t.c, t.d),
      });
      if (maxWidth === undefined) original.call(this, text, x, y);
      else original.call(this, text, x, y, maxWidth);
    };
  }
  try {
    await draw();
  } finally {
    proto.fillText = originals.fillText;
    proto.strokeText = originals.strokeText;
  }
  return texts;
}

/** The digit height a text would have where Discord shows the image `shownWidth` px wide. */
export function shownHeight(text: DrawnText, imageWidth: number, shownWidth = 400): number {
  return (text.digitHeight * shownWidth) / imageWidth;
}
