/**
 * PNG output for the renderers.
 *
 * Skia's own PNG encoder (canvas.encode('png')) compresses hard: about 90-120 ms for a 1600 x 1100 board
 * on this machine, more than the whole render budget. Board images are mostly flat colour, so a plain
 * encoder does as well: raw RGBA rows (filter type 0) deflated at a low level, which takes about 20 ms and
 * gives a file of the same size (~450 KB). The deflate runs on libuv's thread pool, so the event loop stays
 * free meanwhile.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';

const deflate = promisify(zlib.deflate);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let crcTable: Uint32Array | null = null;

function crc32Fallback(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = (crcTable[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** zlib.crc32 exists from Node 20.15; older runtimes use the table. */
const nativeCrc = (zlib as unknown as { crc32?: (data: Uint8Array) => number }).crc32;
const crc32 = (data: Uint8Array): number => (nativeCrc ? nativeCrc(data) >>> 0 : crc32Fallback(data));

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes RGBA pixels (unpremultiplied, row by row) as an 8-bit RGBA PNG. */
export async function encodeRgbaPng(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, level = 3): Promise<Buffer> {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const stride = width * 4 + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  const src = rgba instanceof Uint8Array ? rgba : new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    raw[o] = 0; // filter type None
    raw.set(src.subarray(y * width * 4, (y + 1) * width * 4), o + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (each row says which filter it uses)
  ihdr[12] = 0; // no interlace
  const idat = await deflate(raw, { level });
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Encodes the canvas as PNG (see the note at the top of this file). */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return encodeRgbaPng(image.data, canvas.width, canvas.height);
}
