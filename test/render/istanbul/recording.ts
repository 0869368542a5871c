/**
 * A real canvas context whose fillText calls are recorded in drawing order: what the renderer writes on
 * the picture, read as text.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export function recordingContext(width: number, height: number): { ctx: SKRSContext2D; texts: string[] } {
  const ctx = createCanvas(width, height).getContext('2d');
  const texts: string[] = [];
  const recording = new Proxy(ctx, {
    get(target, key) {
      if (key === 'fillText') {
        return (text: string, x: number, y: number, maxWidth?: number) => {
          texts.push(text);
          return maxWidth === undefined ? target.fillText(text, x, y) : target.fillText(text, x, y, maxWidth);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  }) as SKRSContext2D;
  return { ctx: recording, texts };
}
