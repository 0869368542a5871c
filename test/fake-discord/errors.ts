/**
 * Discord's error responses. A handler throws a DiscordError; the server turns it into the JSON body
 * Discord would send (`{ code, message, errors? }`), which discord.js surfaces as a DiscordAPIError.
 */
import type { SchemaIssue } from './schema.js';

/** Nested `errors` object, keyed by the body path, as Discord returns it for code 50035. */
export interface DiscordErrorTree {
  [key: string]: DiscordErrorTree | { code: string; message: string }[];
}

/**
 * Whether the rejection means the bot misbehaved (a protocol violation a test should fail on) or is an
 * expected outcome of the world's state (missing permission, injected fault, unknown message).
 */
export type ErrorKind = 'violation' | 'rejection';

export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly kind: ErrorKind,
    readonly errors?: DiscordErrorTree,
    readonly issues: SchemaIssue[] = [],
  ) {
    super(message);
    this.name = 'DiscordError';
  }

  toJSON(): { code: number; message: string; errors?: DiscordErrorTree } {
    return this.errors ? { code: this.code, message: this.message, errors: this.errors } : { code: this.code, message: this.message };
  }
}

const codeForKeyword: Record<string, string> = {
  maxLength: 'BASE_TYPE_MAX_LENGTH',
  minLength: 'BASE_TYPE_MIN_LENGTH',
  maxItems: 'BASE_TYPE_MAX_LENGTH',
  minItems: 'BASE_TYPE_MIN_LENGTH',
  required: 'BASE_TYPE_REQUIRED',
  type: 'BASE_TYPE_BAD_TYPE',
  enum: 'BASE_TYPE_CHOICES',
  const: 'BASE_TYPE_CHOICES',
  pattern: 'STRING_TYPE_REGEX',
  format: 'BASE_TYPE_BAD_FORMAT',
  maximum: 'NUMBER_TYPE_MAX',
  minimum: 'NUMBER_TYPE_MIN',
};

/**
 * 400 / 50035 Invalid Form Body, with Discord's nested `errors` tree. Each leaf message ends with the
 * violated schema path, so the DiscordAPIError discord.js raises names it.
 */
export function invalidFormBody(issues: SchemaIssue[], prefix = ''): DiscordError {
  const tree: DiscordErrorTree = {};
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'required') {
      const missing = /\(([^)]+)\)/.exec(issue.message)?.[1];
      if (missing) segments.push(missing);
    }
    if (segments.length === 0) segments.push('_root');
    let node: DiscordErrorTree = tree;
    for (const segment of segments.slice(0, -1)) {
      const child = node[segment];
      if (!child || Array.isArray(child)) node[segment] = {};
      node = node[segment] as DiscordErrorTree;
    }
    const leafKey = segments[segments.length - 1] as string;
    const leaf = (node[leafKey] ??= {}) as DiscordErrorTree;
    const list = (leaf._errors ??= []) as { code: string; message: string }[];
    list.push({ code: codeForKeyword[issue.keyword] ?? 'BASE_TYPE_INVALID', message: `${issue.message} (schema: ${issue.schemaPath})` });
  }
  const first = issues[0];
  const summary = first ? ` ${prefix}${first.instancePath || '/'} violates ${first.schemaPath}` : '';
  return new DiscordError(400, 50035, `Invalid Form Body.${summary}`, 'violation', tree, issues);
}

/** A rule Discord enforces that the OpenAPI document cannot express (one message, one path). */
export function ruleViolation(path: string, rule: string, message: string, code = 50035): DiscordError {
  const issue: SchemaIssue = { instancePath: path, schemaPath: `discord-rule:${rule}`, keyword: rule, message };
  const err = invalidFormBody([issue]);
  if (code === 50035) return err;
  return new DiscordError(400, code, `${message} (${rule})`, 'violation', err.errors, [issue]);
}

export const errors = {
  unknownRoute: (method: string, path: string) =>
    new DiscordError(404, 0, `404: Not Found (the fake Discord has no route ${method} ${path})`, 'violation'),
  unauthorized: () => new DiscordError(401, 0, '401: Unauthorized', 'violation'),
  invalidJson: () => new DiscordError(400, 50109, 'The request body contains invalid JSON.', 'violation'),
  unknownInteraction: (why: string) => new DiscordError(404, 10062, `Unknown interaction (${why})`, 'violation'),
  alreadyAcknowledged: () => new DiscordError(400, 40060, 'Interaction has already been acknowledged.', 'violation'),
  unknownWebhook: (why: string) => new DiscordError(404, 10015, `Unknown Webhook (${why})`, 'violation'),
  invalidWebhookToken: (why: string) => new DiscordError(401, 50027, `Invalid Webhook Token (${why})`, 'violation'),
  unknownMessage: () => new DiscordError(404, 10008, 'Unknown Message', 'rejection'),
  unknownChannel: () => new DiscordError(404, 10003, 'Unknown Channel', 'rejection'),
  unknownGuild: () => new DiscordError(404, 10004, 'Unknown Guild', 'rejection'),
  unknownMember: () => new DiscordError(404, 10007, 'Unknown Member', 'rejection'),
  unknownUser: () => new DiscordError(404, 10013, 'Unknown User', 'rejection'),
  unknownCommand: () => new DiscordError(404, 10063, 'Unknown application command', 'rejection'),
  missingAccess: () => new DiscordError(403, 50001, 'Missing Access', 'rejection'),
  missingPermissions: (which: string) => new DiscordError(403, 50013, `Missing Permissions (${which})`, 'rejection'),
  emptyMessage: () => new DiscordError(400, 50006, 'Cannot send an empty message', 'violation'),
  cannotEditOthers: () => new DiscordError(403, 50005, 'Cannot edit a message authored by another user', 'violation'),
  entityTooLarge: (what: string) => new DiscordError(413, 40005, `Request entity too large (${what})`, 'violation'),
};
