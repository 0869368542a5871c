/**
 * Just enough PNG to check what Discord's media pipeline checks: the 8-byte signature, an IHDR chunk first
 * with sane dimensions, and an IEND at the end. Returns the dimensions for the attachment's width/height.
 */
import * as zlibModule from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Discord refuses to process images with more pixels than this (it fails to render them). */
export const MAX_PNG_SIDE = 16_384;

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

export function checkPng(bytes: Buffer): PngCheck {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { ok: false, reason: 'does not start with the PNG signature 89 50 4E 47 0D 0A 1A 0A' };
  }
  if (bytes.length < 8 + 25 + 12) return { ok: false, reason: `is too short to be a PNG (${bytes.length} bytes)` };
  const ihdrLength = bytes.readUInt32BE(8);
  const ihdrType = bytes.toString('latin1', 12, 16);
  if (ihdrType !== 'IHDR' || ihdrLength !== 13) return { ok: false, reason: 'has no IHDR chunk right after the signature' };
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
    return { ok: false, reason: `has insane dimensions ${width}x${height} (1..${MAX_PNG_SIDE} per side)` };
  }
  const iend = bytes.subarray(bytes.length - 12);
  if (iend.toString('latin1', 4, 8) !== 'IEND') return { ok: false, reason: 'is truncated (no IEND chunk at the end)' };
  return { ok: true, width, height };
}

/** A tiny valid PNG (solid colour) for tests, built without a canvas. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const { deflateSync, crc32 } = zlib();
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData) >>> 0);
    return Buffer.concat([len, typeAndData, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}


function zlib(): { deflateSync: (b: Buffer) => Buffer; crc32: (b: Buffer) => number } {
  const z = zlibModule as unknown as { deflateSync: (b: Buffer) => Buffer; crc32?: (b: Buffer) => number };
  return { deflateSync: z.deflateSync, crc32: z.crc32 ?? crc32 };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
