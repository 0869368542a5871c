/**
 * Message payloads: the rules Discord enforces beyond the OpenAPI schema (content length for bots, classic
 * component layout, unique custom_ids, button and select consistency, embed totals, non-empty messages,
 * uploaded files matching `attachments`, PNG sanity), and turning a checked payload into stored content.
 */
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIEmbed,
  type APIMessageTopLevelComponent,
} from 'discord-api-types/v10';
import { DiscordError, errors, ruleViolation } from './errors.js';
import { checkPng } from './png.js';
import type { MessageBody, StoredAttachment, World } from './world.js';

/** One uploaded file from a multipart request. */
export interface Upload {
  /** The multipart field name, e.g. `files[0]`. */
  field: string;
  /** The id `attachments[].id` must use for it (the index in `files[n]`). */
  id: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface PayloadContext {
  mode: 'create' | 'edit';
  /** Where the payload goes: a channel message, an interaction response or follow-up. */
  target: 'channel' | 'interaction';
  uploads: Upload[];
  /** Attachments of the message being edited. */
  existing?: StoredAttachment[];
  /** Flags of the message being edited. */
  existingFlags?: number;
  maxFileSize: number;
}

export interface RawMessagePayload {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: APIMessageTopLevelComponent[] | null;
  attachments?: { id: string; description?: string | null; filename?: string | null }[] | null;
  flags?: number | null;
  sticker_ids?: string[] | null;
  poll?: unknown;
}

export const CONTENT_LIMIT = 2000;
export const EMBED_TOTAL_LIMIT = 6000;
export const CLASSIC_ACTION_ROWS = 5;
export const V2_COMPONENT_LIMIT = 40;
export const V2_TEXT_LIMIT = 4000;

const CREATE_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;
const EDIT_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2;

interface Walked {
  path: string;
  component: Record<string, unknown>;
  parentType?: number;
}

/** Every component in a tree, depth first, with its body path. */
export function walkComponents(components: readonly unknown[], base = '/components'): Walked[] {
  const out: Walked[] = [];
  const visit = (node: unknown, path: string, parentType?: number) => {
    if (typeof node !== 'object' || node === null) return;
    const component = node as Record<string, unknown>;
    out.push({ path, component, ...(parentType !== undefined ? { parentType } : {}) });
    const type = component.type as number;
    if (Array.isArray(component.components)) {
      component.components.forEach((child, i) => visit(child, `${path}/components/${i}`, type));
    }
    if (component.accessory) visit(component.accessory, `${path}/accessory`, type);
  };
  components.forEach((c, i) => visit(c, `${base}/${i}`));
  return out;
}

/** A text's length as Discord counts it: in code points. */
function characters(text: string | undefined): number {
  return text === undefined ? 0 : [...text].length;
}

function embedLength(embed: APIEmbed): number {
  let total = characters(embed.title) + characters(embed.description);
  total += characters(embed.footer?.text);
  total += characters(embed.author?.name);
  for (const field of embed.fields ?? []) total += characters(field.name) + characters(field.value);
  return total;
}

function checkComponents(components: readonly APIMessageTopLevelComponent[], v2: boolean, prefix: string): void {
  if (!v2) {
    components.forEach((c, i) => {
      if (c.type !== ComponentType.ActionRow) {
        throw ruleViolation(
          `${prefix}/components/${i}/type`,
          'classic-components-need-action-rows',
          `Component type ${c.type} needs the IS_COMPONENTS_V2 message flag; classic messages take action rows only.`,
        );
      }
    });
    if (components.length > CLASSIC_ACTION_ROWS) {
      throw ruleViolation(`${prefix}/components`, 'max-action-rows', `Must be ${CLASSIC_ACTION_ROWS} or fewer action rows.`);
    }
  }
  const walked = walkComponents(components, `${prefix}/components`);
  if (v2 && walked.length > V2_COMPONENT_LIMIT) {
    throw ruleViolation(`${prefix}/components`, 'max-total-components', `Must be ${V2_COMPONENT_LIMIT} or fewer components in total.`);
  }
  // Each text display holds up to 4,000 characters (the schema), and so do all of a message's together.
  const text = walked.reduce((sum, { component }) => sum + (component.type === ComponentType.TextDisplay ? characters(component.content as string | undefined) : 0), 0);
  if (v2 && text > V2_TEXT_LIMIT) {
    throw ruleViolation(`${prefix}/components`, 'components-v2-text-total', `The text displays hold ${text} characters in all; must be ${V2_TEXT_LIMIT} or fewer.`);
  }
  const customIds = new Map<string, string>();
  for (const { path, component } of walked) {
    const type = component.type as number;
    const customId = component.custom_id as string | undefined | null;
    if (typeof customId === 'string') {
      const previous = customIds.get(customId);
      if (previous) {
        throw ruleViolation(`${path}/custom_id`, 'unique-custom-id', `Component custom id "${customId}" is already used at ${previous}.`);
      }
      customIds.set(customId, path);
    }
    if (type === ComponentType.ActionRow) {
      const children = (component.components as Record<string, unknown>[]) ?? [];
      const selects = children.filter((c) => c.type !== ComponentType.Button);
      if (selects.length > 0 && children.length > 1) {
        throw ruleViolation(`${path}/components`, 'select-alone-in-row', 'A select menu must be the only component in its action row.');
      }
    }
    if (type === ComponentType.Button) checkButton(component, path);
    if (type === ComponentType.StringSelect) checkStringSelect(component, path);
  }
}

/**
 * A custom emoji on a button or a select option must be one the app may use: here, one of its own
 * application emojis (Discord answers COMPONENT_INVALID_EMOJI for another id).
 */
function checkComponentEmojis(world: World, components: readonly APIMessageTopLevelComponent[], prefix: string): void {
  const check = (emoji: unknown, path: string): void => {
    const id = (emoji as { id?: string | null } | undefined)?.id;
    if (typeof id === 'string' && !world.applicationEmojis.has(id)) throw ruleViolation(`${path}/emoji/id`, 'COMPONENT_INVALID_EMOJI', `Invalid emoji: ${id} is none of the app's emojis.`);
  };
  for (const { path, component } of walkComponents(components, `${prefix}/components`)) {
    check(component.emoji, path);
    if (Array.isArray(component.options)) (component.options as { emoji?: unknown }[]).forEach((o, i) => check(o.emoji, `${path}/options/${i}`));
  }
}

function checkButton(button: Record<string, unknown>, path: string): void {
  const style = button.style as ButtonStyle;
  const hasCustomId = typeof button.custom_id === 'string';
  const hasUrl = typeof button.url === 'string';
  if (style === ButtonStyle.Link) {
    if (!hasUrl) throw ruleViolation(`${path}/url`, 'link-button-url', 'A link button needs a url.');
    if (hasCustomId) throw ruleViolation(`${path}/custom_id`, 'link-button-custom-id', 'A link button cannot have a custom_id.');
  } else if (style === ButtonStyle.Premium) {
    if (typeof button.sku_id !== 'string') throw ruleViolation(`${path}/sku_id`, 'premium-button-sku', 'A premium button needs a sku_id.');
  } else {
    if (!hasCustomId) throw ruleViolation(`${path}/custom_id`, 'button-custom-id', 'A non-link button needs a custom_id.');
    if (hasUrl) throw ruleViolation(`${path}/url`, 'button-url', 'Only link buttons can have a url.');
  }
  if (style !== ButtonStyle.Premium && !button.label && !button.emoji) {
    throw ruleViolation(`${path}/label`, 'button-label-or-emoji', 'A button needs a label or an emoji.');
  }
}

function checkStringSelect(select: Record<string, unknown>, path: string): void {
  const options = (select.options as { value: string; default?: boolean }[]) ?? [];
  const min = (select.min_values as number | null | undefined) ?? 1;
  const max = (select.max_values as number | null | undefined) ?? 1;
  if (min > max) throw ruleViolation(`${path}/min_values`, 'select-min-max', `min_values ${min} exceeds max_values ${max}.`);
  if (max > options.length) {
    throw ruleViolation(`${path}/max_values`, 'select-max-options', `max_values ${max} exceeds the ${options.length} options.`);
  }
  const values = new Set<string>();
  options.forEach((o, i) => {
    if (values.has(o.value)) throw ruleViolation(`${path}/options/${i}/value`, 'select-unique-values', `Option value "${o.value}" is duplicated.`);
    values.add(o.value);
  });
  const defaults = options.filter((o) => o.default).length;
  if (defaults > max) throw ruleViolation(`${path}/options`, 'select-defaults', `${defaults} default options exceed max_values ${max}.`);
}

/** attachment://name references in embeds and v2 media components must name an attachment of the message. */
function checkAttachmentRefs(body: RawMessagePayload, filenames: Set<string>, prefix: string): void {
  const refs: { path: string; url: string }[] = [];
  (body.embeds ?? []).forEach((embed, i) => {
    for (const key of ['image', 'thumbnail'] as const) {
      const url = embed[key]?.url;
      if (url) refs.push({ path: `${prefix}/embeds/${i}/${key}/url`, url });
    }
    if (embed.author?.icon_url) refs.push({ path: `${prefix}/embeds/${i}/author/icon_url`, url: embed.author.icon_url });
    if (embed.footer?.icon_url) refs.push({ path: `${prefix}/embeds/${i}/footer/icon_url`, url: embed.footer.icon_url });
  });
  for (const { path, component } of walkComponents(body.components ?? [], `${prefix}/components`)) {
    const media = (component.media ?? component.file) as { url?: string } | undefined;
    if (media?.url) refs.push({ path: `${path}/${component.media ? 'media' : 'file'}/url`, url: media.url });
    if (Array.isArray(component.items)) {
      (component.items as { media?: { url?: string } }[]).forEach((item, i) => {
        if (item.media?.url) refs.push({ path: `${path}/items/${i}/media/url`, url: item.media.url });
      });
    }
  }
  for (const ref of refs) {
    if (!ref.url.startsWith('attachment://')) continue;
    const name = ref.url.slice('attachment://'.length);
    if (!filenames.has(name)) {
      throw ruleViolation(ref.path, 'attachment-reference', `${ref.url} names no attachment of this message (have: ${[...filenames].join(', ') || 'none'}).`);
    }
  }
}

function checkUpload(upload: Upload, maxFileSize: number, path: string): { width?: number; height?: number } {
  if (upload.bytes.length > maxFileSize) {
    throw errors.entityTooLarge(`${upload.filename} is ${upload.bytes.length} bytes, the limit is ${maxFileSize}`);
  }
  if (upload.bytes.length === 0) throw ruleViolation(path, 'empty-file', `File ${upload.filename} is empty.`);
  const isPng = upload.filename.toLowerCase().endsWith('.png') || upload.contentType === 'image/png';
  if (isPng) {
    const png = checkPng(upload.bytes);
    if (!png.ok) throw ruleViolation(path, 'png', `File ${upload.filename} ${png.reason}.`);
    return { width: png.width, height: png.height };
  }
  return {};
}

/**
 * Checks a message payload (the JSON body or a multipart payload_json) and returns the stored fields it sets.
 * For creates all fields are returned; for edits only those present in the payload.
 */
export function buildMessageBody(
  world: World,
  body: RawMessagePayload,
  ctx: PayloadContext,
  prefix = '',
): { patch: Partial<MessageBody>; ephemeral: boolean } {
  const patch: Partial<MessageBody> = {};
  const has = (key: keyof RawMessagePayload) => key in body && body[key] !== undefined;

  // Flags.
  const flags = body.flags ?? 0;
  const allowed = (ctx.mode === 'create' ? CREATE_FLAGS : EDIT_FLAGS) | (ctx.target === 'interaction' ? MessageFlags.Ephemeral : 0);
  const illegal = flags & ~allowed;
  if (illegal) {
    throw ruleViolation(`${prefix}/flags`, 'message-flags', `Flags ${illegal} cannot be set when ${ctx.mode === 'create' ? 'sending' : 'editing'} a ${ctx.target} message (allowed: ${allowed}).`);
  }
  const existingFlags = ctx.existingFlags ?? 0;
  if (ctx.mode === 'edit' && existingFlags & MessageFlags.IsComponentsV2 && has('flags') && !(flags & MessageFlags.IsComponentsV2)) {
    throw ruleViolation(`${prefix}/flags`, 'components-v2-sticky', 'The IS_COMPONENTS_V2 flag cannot be removed from a message.');
  }
  const v2 = Boolean((flags | existingFlags) & MessageFlags.IsComponentsV2);
  // On edits Discord ignores the ephemeral bit: a message cannot change who sees it.
  const ephemeral = ctx.mode === 'create' && Boolean(flags & MessageFlags.Ephemeral);
  if (ctx.mode === 'create' || has('flags')) patch.flags = (flags & ~MessageFlags.Ephemeral) | (existingFlags & MessageFlags.IsComponentsV2);

  // Content and embeds.
  if (has('content')) {
    const content = body.content ?? '';
    // Discord counts characters as Python does, in code points: an emoji is one, not two UTF-16 units.
    if ([...content].length > CONTENT_LIMIT) {
      throw ruleViolation(`${prefix}/content`, 'content-length', `Must be ${CONTENT_LIMIT} or fewer in length (bots cannot send 4000).`);
    }
    if (v2 && content) throw ruleViolation(`${prefix}/content`, 'components-v2-content', 'Messages with IS_COMPONENTS_V2 cannot have content.');
    patch.content = content;
  } else if (ctx.mode === 'create') patch.content = '';
  if (has('embeds')) {
    const embeds = body.embeds ?? [];
    if (v2 && embeds.length) throw ruleViolation(`${prefix}/embeds`, 'components-v2-embeds', 'Messages with IS_COMPONENTS_V2 cannot have embeds.');
    const total = embeds.reduce((sum, e) => sum + embedLength(e), 0);
    if (total > EMBED_TOTAL_LIMIT) throw ruleViolation(`${prefix}/embeds`, 'embed-total', `Embeds total ${total} characters; the limit is ${EMBED_TOTAL_LIMIT}.`);
    patch.embeds = embeds;
  } else if (ctx.mode === 'create') patch.embeds = [];

  // Components.
  if (has('components')) {
    const components = body.components ?? [];
    checkComponents(components, v2, prefix);
    checkComponentEmojis(world, components, prefix);
    patch.components = numberComponents(components);
  } else if (ctx.mode === 'create') patch.components = [];

  // Files and attachments.
  const uploadsById = new Map<string, Upload>();
  ctx.uploads.forEach((u) => {
    if (uploadsById.has(u.id)) throw ruleViolation(`${prefix}/${u.field}`, 'duplicate-file', `Two files use the id ${u.id}.`);
    uploadsById.set(u.id, u);
  });
  const existing = new Map((ctx.existing ?? []).map((a) => [a.id, a]));
  let attachments: StoredAttachment[] | undefined;
  if (has('attachments')) {
    attachments = [];
    const referenced = new Set<string>();
    for (const [i, entry] of (body.attachments ?? []).entries()) {
      const kept = existing.get(entry.id);
      if (kept) {
        attachments.push(kept);
        continue;
      }
      const upload = uploadsById.get(entry.id);
      if (!upload) {
        throw ruleViolation(
          `${prefix}/attachments/${i}/id`,
          'attachment-file',
          `Attachment id ${entry.id} matches no uploaded file (files: ${[...uploadsById.keys()].map((k) => `files[${k}]`).join(', ') || 'none'})${ctx.mode === 'edit' ? ' and no attachment of the message' : ''}.`,
        );
      }
      referenced.add(entry.id);
      attachments.push(storeUpload(world, upload, ctx, `${prefix}/${upload.field}`, entry.description ?? undefined, entry.filename ?? undefined));
    }
    for (const upload of ctx.uploads) {
      if (!referenced.has(upload.id)) {
        throw ruleViolation(`${prefix}/attachments`, 'attachment-file', `File ${upload.field} (${upload.filename}) is uploaded but not listed in attachments.`);
      }
    }
  } else if (ctx.uploads.length > 0) {
    attachments = [...(ctx.existing ?? []), ...ctx.uploads.map((u) => storeUpload(world, u, ctx, `${prefix}/${u.field}`))];
  } else if (ctx.mode === 'create') {
    attachments = [];
  }
  if (attachments) {
    if (attachments.length > 10) throw ruleViolation(`${prefix}/attachments`, 'max-attachments', 'Must be 10 or fewer attachments.');
    patch.attachments = attachments;
  }
  const finalNames = new Set((attachments ?? ctx.existing ?? []).map((a) => a.filename));
  checkAttachmentRefs(body, finalNames, prefix);

  if (ctx.mode === 'create') {
    const empty =
      !patch.content &&
      (patch.embeds ?? []).length === 0 &&
      (patch.components ?? []).length === 0 &&
      (patch.attachments ?? []).length === 0 &&
      (body.sticker_ids ?? []).length === 0 &&
      !body.poll;
    if (empty) throw errors.emptyMessage();
  }
  return { patch, ephemeral };
}

function storeUpload(
  world: World,
  upload: Upload,
  ctx: PayloadContext,
  path: string,
  description?: string,
  filename?: string,
): StoredAttachment {
  const dims = checkUpload(upload, ctx.maxFileSize, path);
  const id = world.ids.next();
  const name = filename ?? upload.filename;
  return {
    id,
    filename: name,
    contentType: upload.contentType || undefined,
    size: upload.bytes.length,
    bytes: upload.bytes,
    ...dims,
    ...(description ? { description } : {}),
    url: `${world.baseUrl}/attachments/${id}/${encodeURIComponent(name)}`,
  };
}

/** Discord numbers components in its responses (`id`); keep the bot's own ids, fill in the rest. */
function numberComponents(components: APIMessageTopLevelComponent[]): APIMessageTopLevelComponent[] {
  const copy = structuredClone(components);
  const used = new Set<number>();
  const all = walkComponents(copy);
  for (const { component } of all) if (typeof component.id === 'number') used.add(component.id);
  let next = 1;
  for (const { component } of all) {
    if (typeof component.id === 'number') continue;
    while (used.has(next)) next++;
    component.id = next;
    used.add(next);
  }
  return copy;
}

export function isDiscordError(error: unknown): error is DiscordError {
  return error instanceof DiscordError;
}
