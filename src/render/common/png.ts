/**
 * PNG output for the renderers.
 *
 * Skia's own PNG encoder (canvas.encode('png'); @napi-rs/canvas offers no compression level) compresses
 * hard: about 50 ms for a 1600 x 1010 board, more than the whole render budget. Board images are mostly
 * flat colour, so a plain encoder does nearly as well: raw RGBA rows (filter type 0) deflated at level 1,
 * about 8 ms for a file of ~480 KB (level 3: +1 ms, ~450 KB; the Sub/Up filters and Z_RLE are slower
 * and bigger here). The deflate runs on the calling thread: in the bot, a render worker.
 *
 * The boards are opaque (their background covers every pixel), and for opaque pixels Skia's stored,
 * premultiplied bytes (canvas.data(), a plain copy) are the straight RGBA a PNG wants: no getImageData
 * (a copy that un-premultiplies every pixel). The rows with their filter bytes go into a buffer kept per
 * size, so a board allocates one pixel copy, the compressed data and the file, nothing more.
 */
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';

/**
 * Lets the thread's event loop turn once. canvas.data()'s pixel buffers are freed by finalisers that run
 * only then, and a render worker waits for its next picture without turning it: a burst of pictures drawn
 * without a turn grew the bot to 1.8 GB in bench:load (50 boards at once).
 */
const eventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Deflate level of the board PNGs (see above). */
export const PNG_DEFLATE_LEVEL = 1;

/**
 * Output chunk of the deflate: larger than any board's compressed pixels (~0.4-0.6 MB), so it runs in one
 * pass and its output is copied once.
 */
const DEFLATE_CHUNK = 2 * 1024 * 1024;

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

/** Writes a chunk (length, type, data, CRC) into `out` at `at`; returns the offset after it. */
function writeChunk(out: Buffer, at: number, type: string, data: Uint8Array): number {
  out.writeUInt32BE(data.length, at);
  out.write(type, at + 4, 'latin1');
  out.set(data, at + 8);
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + data.length)), at + 8 + data.length);
  return at + 12 + data.length;
}

/**
 * The row buffer (a filter byte and the row's pixels) kept per image size for the next image of that
 * size. One per size is enough: it is filled and deflated without an await in between, so two encodes on
 * one thread never hold it at once.
 */
const rowsBySize = new Map<number, Buffer>();

function rowsOf(size: number): Buffer {
  let rows = rowsBySize.get(size);
  if (rows === undefined) {
    rows = Buffer.allocUnsafeSlow(size);
    rowsBySize.set(size, rows);
  }
  return rows;
}

/**
 * Encodes RGBA pixels (straight alpha, row by row) as an 8-bit RGBA PNG. The pixels are copied before
 * the first await, so the caller may reuse them at once. The result owns its whole ArrayBuffer (it can be
 * transferred to another thread without a copy).
 */
export async function encodeRgbaPng(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, level = PNG_DEFLATE_LEVEL): Promise<Buffer> {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const stride = width * 4 + 1;
  const rows = rowsOf(stride * height);
  const src = rgba instanceof Uint8Array ? rgba : new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    rows[o] = 0; // filter type None
    rows.set(src.subarray(y * width * 4, (y + 1) * width * 4), o + 1);
  }
  // On this thread: handed to libuv's pool, the deflate went through a stream and another thread at the
  // event loop's priority, and 50 boards at once were done about 0.1 s later (docs/performance.md).
  const idat = zlib.deflateSync(rows, { level, chunkSize: DEFLATE_CHUNK });
  await eventLoopTurn();
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (each row says which filter it uses)
  ihdr[12] = 0; // no interlace
  const png = Buffer.allocUnsafeSlow(PNG_SIGNATURE.length + 12 + ihdr.length + 12 + idat.length + 12);
  png.set(PNG_SIGNATURE, 0);
  let at = writeChunk(png, PNG_SIGNATURE.length, 'IHDR', ihdr);
  at = writeChunk(png, at, 'IDAT', idat);
  writeChunk(png, at, 'IEND', new Uint8Array(0));
  return png;
}

/**
 * Encodes an opaque canvas as PNG (see the note at the top of this file). The pixels are read before the
 * first await: the canvas may be drawn on again as soon as this returns its promise.
 */
export function encodeOpaquePng(canvas: Canvas): Promise<Buffer> {
  return encodeRgbaPng(canvas.data(), canvas.width, canvas.height);
}

/** Encodes any canvas as PNG, un-premultiplying translucent pixels (getImageData). */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return encodeRgbaPng(image.data, canvas.width, canvas.height);
}
