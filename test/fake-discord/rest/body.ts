/**
 * Request bodies as Discord reads them: JSON, or multipart/form-data with a `payload_json` part and file
 * parts named `files[n]`. Multipart is parsed with the platform's own Request.formData(), no dependency.
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
    const form = await new Request('http://fake.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType as string },
      body: raw,
    }).formData();
    let json: unknown = {};
    const uploads: Upload[] = [];
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json') {
        if (typeof value !== 'string') throw ruleViolation('/payload_json', 'multipart', 'payload_json must be a text part.');
        try {
          json = JSON.parse(value);
        } catch {
          throw errors.invalidJson();
        }
        continue;
      }
      const match = /^files\[(\d+)\]$/.exec(field) ?? /^file(\d*)$/.exec(field);
      if (!match || typeof value === 'string') {
        throw ruleViolation(`/${field}`, 'multipart', `Unexpected multipart field "${field}" (expected payload_json and files[n]).`);
      }
      uploads.push({
        field,
        id: match[1] || '0',
        filename: value.name,
        contentType: value.type,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { kind: 'multipart/form-data', json, uploads };
  }
  throw ruleViolation('/', 'content-type', `Unsupported Content-Type "${contentType ?? ''}".`);
}
