/** PNG output for the renderers. */
import type { Canvas } from '@napi-rs/canvas';

/** Encodes the canvas as PNG off the main thread (libuv pool). */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  return canvas.encode('png');
}
