import { describe, expect, it } from 'vitest';
import { validateRequestBody } from './schema.js';

const CALLBACK = '/interactions/{interaction_id}/{interaction_token}/callback';

describe('OpenAPI request validation', () => {
  it('accepts a plain reply', () => {
    expect(validateRequestBody(CALLBACK, 'post', 'application/json', { type: 4, data: { content: 'hi' } })).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('names the schema path of an oversized custom_id', () => {
    const body = {
      type: 4,
      data: { content: 'x', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'a'.repeat(101) }] }] },
    };
    const result = validateRequestBody(CALLBACK, 'post', 'application/json', body);
    console.log(result.issues);
    expect(result.ok).toBe(false);
    expect(result.issues[0]).toMatchObject({
      instancePath: '/data/components/0/components/0/custom_id',
      schemaPath: '#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength',
    });
  });
});
