/**
 * Request bodies as Discord reads them: JSON, or multipart/form-data with a `payload_json` part and file
 * parts named `files[n]`. Multipart is read in place (below), no dependency.
 */
import { errors, ruleViolation } from '../errors.js';
import type { Upload } from '../messages.js';

export type BodyKind = 'none' | 'application/json' | 'multipart/form-data';

export interface ParsedBody {
  kind: BodyKind;
  /** The JSON body, or the parsed payload_json of a multipart body. */
  json: unknown;
  uploads: Upload[];
}

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { kind: 'none', json: undefined, uploads: [] };
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    try {
      return { kind: 'application/json', json: JSON.parse(raw.toString('utf8')), uploads: [] };
    } catch {
      throw errors.invalidJson();
    }
  }
  if (type === 'multipart/form-data') {
    let json: unknown = {};
    const uploads: Upload[] = [];
    for (const part of multipartParts(contentType as string, raw)) {
      if (part.name === 'payload_json') {
        if (part.filename !== undefined) throw ruleViolation('/payload_json', 'multipart', 'payload_json must be a text part.');
        try {
          json = JSON.parse(part.bytes.toString('utf8'));
        } catch {
          throw errors.invalidJson();
        }
        continue;
      }
      const match = /^files\[(\d+)\]$/.exec(part.name) ?? /^file(\d*)$/.exec(part.name);
      if (!match || part.filename === undefined) {
        throw ruleViolation(`/${part.name}`, 'multipart', `Unexpected multipart field "${part.name}" (expected payload_json and files[n]).`);
      }
      uploads.push({ field: part.name, id: match[1] || '0', filename: part.filename, contentType: part.contentType, bytes: part.bytes });
    }
    return { kind: 'multipart/form-data', json, uploads };
  }
  throw ruleViolation('/', 'content-type', `Unsupported Content-Type "${contentType ?? ''}".`);
}

interface MultipartPart {
  readonly name: string;
  /** Present for a file part (a `filename` parameter), absent for a text part. */
  readonly filename?: string;
  readonly contentType: string;
  /** A view into the request body: an upload is kept without another copy. */
  readonly bytes: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * The parts of a multipart/form-data body (RFC 7578), read in place: each part's bytes are a view of the
 * body. Request.formData() copied every upload about three times (a board and its phone picture are
 * ~0.7 MB); in the 50-turn burst of bench:load, garbage collection was about half of the fake's CPU.
 */
function multipartParts(contentType: string, raw: Buffer): MultipartPart[] {
  const malformed = (why: string) => ruleViolation('/', 'multipart', `Malformed multipart body: ${why}.`);
  const boundaryParam = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = boundaryParam?.[1] ?? boundaryParam?.[2];
  if (boundary === undefined) throw malformed('no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.concat([CRLF, delimiter]);
  let at = raw.indexOf(delimiter);
  if (at < 0) throw malformed('no part');
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (raw[at] === 0x2d && raw[at + 1] === 0x2d) return parts; // the closing delimiter
    if (!raw.subarray(at, at + 2).equals(CRLF)) throw malformed('a delimiter not followed by CRLF');
    const headersEnd = raw.indexOf(HEADERS_END, at + 2);
    if (headersEnd < 0) throw malformed('a part without the end of its headers');
    const next = raw.indexOf(partEnd, headersEnd + 4);
    if (next < 0) throw malformed('a part without a closing delimiter');
    let name: string | undefined;
    let filename: string | undefined;
    let partType: string | undefined;
    for (const line of raw.toString('utf8', at + 2, headersEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const header = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (header === 'content-type') partType = value;
      if (header !== 'content-disposition') continue;
      name = param(value, 'name');
      filename = param(value, 'filename');
    }
    if (name === undefined) throw malformed('a part without a name');
    parts.push({ name, ...(filename === undefined ? {} : { filename }), contentType: partType ?? (filename === undefined ? 'text/plain' : ''), bytes: raw.subarray(headersEnd + 4, next) });
    at = next + CRLF.length;
  }
}

/** A quoted parameter of Content-Disposition, with the escapes form-data encoders use (%22, %0D, %0A). */
function param(disposition: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(disposition);
  return m?.[1]?.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}
