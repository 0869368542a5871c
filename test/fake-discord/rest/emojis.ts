/**
 * Application emojis (the app's own, usable in every message it sends): list, create, get, rename, delete,
 * with the rules Discord enforces beyond the OpenAPI schema (which checks the body's shape and the name's
 * 2–32 characters): names of [A-Za-z0-9_] only and unique in the app, the image a data URI of PNG, JPEG,
 * GIF, WebP or AVIF of at most 256 KiB (a PNG is read to its header), and at most 2,000 emojis per app.
 */
import type { Core } from '../core.js';
import { DiscordError, errors, ruleViolation } from '../errors.js';
import { checkPng } from '../png.js';
import type { StoredApplicationEmoji } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

export const MAX_APPLICATION_EMOJIS = 2000;
export const MAX_EMOJI_BYTES = 256 * 1024;
const NAME = /^[A-Za-z0-9_]{2,32}$/;
const DATA_URI = /^data:image\/(png|jpeg|gif|webp|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

const json = (status: number, body: unknown): RouteReply => ({ status, json: body });

function app(core: Core, req: RouteRequest): void {
  if (req.params.application_id !== core.world.applicationId) throw errors.missingAccess();
}

function one(core: Core, req: RouteRequest): StoredApplicationEmoji {
  app(core, req);
  const emoji = core.world.applicationEmojis.get(req.params.emoji_id as string);
  if (!emoji) throw new DiscordError(404, 10014, 'Unknown Emoji', 'rejection');
  return emoji;
}

function checkName(core: Core, name: string, except?: string): void {
  if (!NAME.test(name)) throw ruleViolation('/name', 'emoji-name', `"${name}" must be 2-32 characters of A-Z, a-z, 0-9 and _.`);
  for (const emoji of core.world.applicationEmojis.values()) {
    if (emoji.name === name && emoji.id !== except) throw ruleViolation('/name', 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', `An emoji named "${name}" exists already.`);
  }
}

function response(core: Core, emoji: StoredApplicationEmoji): unknown {
  const bot = core.world.bot;
  return {
    id: emoji.id,
    name: emoji.name,
    user: { id: bot.id, username: bot.username, discriminator: '0', global_name: null, avatar: null, bot: true, public_flags: 0, flags: 0 },
    roles: [],
    require_colons: true,
    managed: false,
    animated: false,
    available: true,
  };
}

function create(core: Core, req: RouteRequest): RouteReply {
  app(core, req);
  const { name, image } = req.body as { name: string; image: string };
  checkName(core, name);
  const match = DATA_URI.exec(image);
  if (!match) throw ruleViolation('/image', 'emoji-image', 'The image must be a data URI (data:image/png;base64,...).');
  const bytes = Buffer.from(match[2] as string, 'base64');
  if (bytes.length > MAX_EMOJI_BYTES) throw ruleViolation('/image', 'BINARY_TYPE_MAX_SIZE', `The image is ${bytes.length} bytes; must be ${MAX_EMOJI_BYTES} or fewer.`);
  if (match[1] === 'png') {
    const png = checkPng(bytes);
    if (!png.ok) throw ruleViolation('/image', 'emoji-image', `Invalid image: ${png.reason}.`);
  }
  if (core.world.applicationEmojis.size >= MAX_APPLICATION_EMOJIS) throw new DiscordError(400, 30008, `Maximum number of emojis reached (${MAX_APPLICATION_EMOJIS})`, 'violation');
  const emoji: StoredApplicationEmoji = { id: core.world.ids.next(), name, png: bytes };
  core.world.applicationEmojis.set(emoji.id, emoji);
  return json(201, response(core, emoji));
}

function rename(core: Core, req: RouteRequest): RouteReply {
  const emoji = one(core, req);
  const { name } = req.body as { name?: string };
  if (name === undefined) return json(200, response(core, emoji));
  checkName(core, name, emoji.id);
  const renamed = { ...emoji, name };
  core.world.applicationEmojis.set(emoji.id, renamed);
  return json(200, response(core, renamed));
}

const BASE = '/applications/{application_id}/emojis';

export const emojiRoutes: Route<Core>[] = [
  {
    method: 'GET',
    path: BASE,
    auth: true,
    handle: (core, req) => {
      app(core, req);
      return json(200, { items: [...core.world.applicationEmojis.values()].map((e) => response(core, e)) });
    },
  },
  { method: 'POST', path: BASE, auth: true, handle: create },
  { method: 'GET', path: `${BASE}/{emoji_id}`, auth: true, handle: (core, req) => json(200, response(core, one(core, req))) },
  { method: 'PATCH', path: `${BASE}/{emoji_id}`, auth: true, handle: rename },
  {
    method: 'DELETE',
    path: `${BASE}/{emoji_id}`,
    auth: true,
    handle: (core, req) => {
      core.world.applicationEmojis.delete(one(core, req).id);
      return { status: 204 };
    },
  },
];
