/**
 * The OpenAPI layer on its own: precise errors that name the schema path, the union rewrite accepting
 * exactly what the published document accepts, and every route the fake serves existing in the document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { channelRoutes } from './rest/channels.js';
import { commandRoutes } from './rest/commands.js';
import { interactionRoutes } from './rest/interactions.js';
import { OPENAPI_PATH, acceptsLiterally, availableLocales, validateQuery, validateRequestBody } from './schema.js';

const CALLBACK = '/interactions/{interaction_id}/{interaction_token}/callback';
const CHANNEL_MESSAGES = '/channels/{channel_id}/messages';
const JSON_TYPE = 'application/json';

const button = (extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: 'Go', custom_id: 'g1:go', ...extra });
const reply = (components: unknown[], extra: Record<string, unknown> = {}) => ({ type: 4, data: { content: 'x', components, ...extra } });

describe('request-body validation against the OpenAPI document', () => {
  it('accepts ordinary interaction responses', () => {
    for (const body of [
      { type: 4, data: { content: 'hi', flags: 64 } },
      { type: 5, data: { flags: 64 } },
      { type: 6 },
      { type: 7, data: { content: 'updated', components: [] } },
      reply([{ type: 1, components: [button(), button({ custom_id: 'g1:b', style: 2 })] }]),
      reply([{ type: 1, components: [{ type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }], min_values: 1, max_values: 1 }] }]),
      { type: 9, data: { custom_id: 'm', title: 'T', components: [{ type: 1, components: [{ type: 4, custom_id: 'n', style: 1, label: 'Name' }] }] } },
    ]) {
      expect(validateRequestBody(CALLBACK, 'post', JSON_TYPE, body)).toEqual({ ok: true, issues: [] });
    }
  });

  it('reports one precise issue for an oversized custom_id, not one per union branch', () => {
    const result = validateRequestBody(CALLBACK, 'post', JSON_TYPE, reply([{ type: 1, components: [button({ custom_id: 'a'.repeat(101) })] }]));
    expect(result.issues).toEqual([
      {
        instancePath: '/data/components/0/components/0/custom_id',
        schemaPath: '#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength',
        keyword: 'maxLength',
        message: 'Must be 100 or fewer in length.',
      },
    ]);
  });

  it('names the schema of the branch the discriminator picks (a select, not a button)', () => {
    const select = { type: 3, custom_id: 's', options: [{ label: 'l'.repeat(101), value: 'v' }] };
    const result = validateRequestBody(CHANNEL_MESSAGES, 'post', JSON_TYPE, { components: [{ type: 1, components: [select] }] });
    expect(result.issues.map((i) => [i.instancePath, i.schemaPath])).toEqual([
      ['/components/0/components/0/options/0/label', '#/components/schemas/StringSelectOptionForRequest/properties/label/maxLength'],
    ]);
  });

  it('validates multipart payload_json against the multipart schema of the route', () => {
    expect(validateRequestBody(CHANNEL_MESSAGES, 'post', 'multipart/form-data', { content: 'x', attachments: [{ id: '0' }] }).ok).toBe(true);
    const bad = validateRequestBody(CHANNEL_MESSAGES, 'post', 'multipart/form-data', { attachments: [{ filename: 'x.png' }] });
    expect(bad.issues[0]).toMatchObject({ instancePath: '/attachments/0', schemaPath: '#/components/schemas/MessageAttachmentRequest/required' });
  });

  it('the union rewrite accepts and rejects exactly what the published document does', () => {
    const bodies: [string, unknown][] = [
      [CALLBACK, { type: 4, data: { content: 'x' } }],
      [CALLBACK, { type: 4, data: null }],
      [CALLBACK, { type: 6, data: null }],
      [CALLBACK, { type: 42 }],
      [CALLBACK, { data: { content: 'x' } }],
      [CALLBACK, reply([{ type: 1, components: [button()] }])],
      [CALLBACK, reply([{ type: 1, components: [button({ style: undefined })] }])],
      [CALLBACK, reply([{ type: 1, components: [button({ custom_id: 'x'.repeat(101) })] }])],
      [CALLBACK, reply([{ type: 99 }])],
      [CALLBACK, reply([{ type: 1 }])],
      [CALLBACK, reply(['not an object'])],
      [CALLBACK, reply([{ type: 10, content: 'v2 text' }], { flags: 32768 })],
      [CALLBACK, reply([{ type: 17, components: [{ type: 10, content: 'in a container' }] }], { flags: 32768 })],
      [CHANNEL_MESSAGES, { content: 'x', allowed_mentions: null, message_reference: null }],
      [CHANNEL_MESSAGES, { content: 'x', allowed_mentions: { parse: ['users'] } }],
      [CHANNEL_MESSAGES, { content: 'x', allowed_mentions: { parse: ['nobody'] } }],
      [CHANNEL_MESSAGES, { content: 'x', nonce: 12 }],
      [CHANNEL_MESSAGES, { embeds: [{ title: 't'.repeat(257) }] }],
    ];
    const verdicts = bodies.map(([path, body]) => {
      const literal = acceptsLiterally(path, 'post', JSON_TYPE, body);
      expect({ body, ok: validateRequestBody(path, 'post', JSON_TYPE, body).ok }).toEqual({ body, ok: literal });
      return literal;
    });
    // The sample exercises both sides.
    expect(verdicts.filter((v) => v).length).toBeGreaterThanOrEqual(8);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(7);
  });

  it('validates query parameters against the operation', () => {
    expect(validateQuery(CALLBACK, 'post', new URLSearchParams({ with_response: 'false' }))).toEqual([]);
    expect(validateQuery(CALLBACK, 'post', new URLSearchParams({ with_response: 'yes' }))[0]?.message).toMatch(/true or false/);
    expect(validateQuery(CALLBACK, 'post', new URLSearchParams({ wait: 'true' }))[0]?.message).toMatch(/Unknown query parameter "wait"/);
  });

  it('knows the Discord locales', () => {
    expect(availableLocales()).toEqual(expect.arrayContaining(['en-US', 'de', 'nl']));
  });
});

describe('the routes the fake serves', () => {
  it('all exist in the OpenAPI document with their method', () => {
    const spec = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const missing = [...interactionRoutes, ...commandRoutes, ...channelRoutes]
      .filter((r) => !spec.paths[r.path]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });
});
