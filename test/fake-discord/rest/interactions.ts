/**
 * Interaction callbacks and the interaction webhook (editReply, followUp, deleteReply, fetchReply), with
 * Discord's rules: one initial response, within the response window of the dispatch; webhook calls only
 * after it and only while the token lives (15 min).
 *
 * Behaviours worth knowing (all as on Discord):
 * - @original is the reply for types 4/5, and the message carrying the component for types 6/7.
 * - After a deferred reply (type 5), the first follow-up completes the "thinking" message instead of
 *   creating a new one, and keeps the ephemerality chosen when deferring.
 */
import {
  InteractionResponseType,
  InteractionType,
  MessageType,
  type APIInteractionResponseCallbackData,
} from 'discord-api-types/v10';
import type { Core } from '../core.js';
import { errors, ruleViolation } from '../errors.js';
import { buildMessageBody, type RawMessagePayload } from '../messages.js';
import type { InteractionRecord, StoredMessage } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

const CALLBACK = '/interactions/{interaction_id}/{interaction_token}/callback';
const WEBHOOK = '/webhooks/{webhook_id}/{webhook_token}';
const ORIGINAL = '/webhooks/{webhook_id}/{webhook_token}/messages/@original';
const WEBHOOK_MESSAGE = '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}';

function json(status: number, body: unknown): RouteReply {
  return { status, json: body };
}

function messageTypeFor(interaction: InteractionRecord): MessageType {
  return interaction.type === InteractionType.ApplicationCommand ? MessageType.ChatInputCommand : MessageType.Default;
}

function interactionRef(interaction: InteractionRecord): StoredMessage['interaction'] {
  const data = interaction.payload.data as { name?: string; custom_id?: string } | undefined;
  return {
    id: interaction.id,
    type: interaction.type,
    userId: interaction.userId,
    ...(data?.name ? { commandName: data.name } : {}),
    ...(data?.custom_id ? { customId: data.custom_id } : {}),
  };
}

function createInteractionMessage(core: Core, interaction: InteractionRecord, data: RawMessagePayload, req: RouteRequest, prefix: string) {
  const { patch, ephemeral } = buildMessageBody(
    core.world,
    data,
    { mode: 'create', target: 'interaction', uploads: req.uploads, maxFileSize: core.options.maxFileSize },
    prefix,
  );
  return core.world.createMessage({
    content: patch.content ?? '',
    embeds: patch.embeds ?? [],
    components: patch.components ?? [],
    attachments: patch.attachments ?? [],
    flags: patch.flags ?? 0,
    channelId: interaction.channelId,
    guildId: interaction.guildId,
    authorId: core.world.bot.id,
    type: messageTypeFor(interaction),
    webhookId: core.world.applicationId,
    loading: false,
    interaction: interactionRef(interaction),
    ...(ephemeral ? { ephemeralFor: interaction.userId } : {}),
  });
}

function editMessage(core: Core, message: StoredMessage, data: RawMessagePayload, req: RouteRequest, prefix: string): StoredMessage {
  const { patch } = buildMessageBody(
    core.world,
    data,
    {
      mode: 'edit',
      target: 'interaction',
      uploads: req.uploads,
      existing: message.attachments,
      existingFlags: message.flags,
      maxFileSize: core.options.maxFileSize,
    },
    prefix,
  );
  return core.world.editMessage(message, patch);
}

const isComponent = (i: InteractionRecord) => i.type === InteractionType.MessageComponent;
const fromComponentMessage = (i: InteractionRecord) => i.sourceMessageId !== undefined;

function callback(core: Core, req: RouteRequest): RouteReply {
  const interaction = core.world.interactions.get(req.params.interaction_id as string);
  if (!interaction || interaction.token !== req.params.interaction_token) {
    throw errors.unknownInteraction('no interaction with this id and token');
  }
  req.interactionId = interaction.id;
  if (interaction.initial) throw errors.alreadyAcknowledged();
  // The bot's time: until its request arrived (the fake's own reading and checking come after).
  const elapsed = req.receivedAt - interaction.dispatchedAt;
  if (elapsed > core.options.responseWindowMs) {
    throw errors.unknownInteraction(`the initial response came ${elapsed} ms after the dispatch; the limit is ${core.options.responseWindowMs} ms`);
  }
  const body = req.body as { type: InteractionResponseType; data?: APIInteractionResponseCallbackData | null };
  const data = (body.data ?? {}) as RawMessagePayload & Record<string, unknown>;
  const notFor = (what: string) =>
    ruleViolation('/type', 'callback-type', `Callback type ${body.type} cannot answer ${what} (interaction type ${interaction.type}).`);
  let message: StoredMessage | undefined;
  let ephemeral = false;

  switch (body.type) {
    case InteractionResponseType.ChannelMessageWithSource: {
      if (interaction.type === InteractionType.ApplicationCommandAutocomplete) throw notFor('an autocomplete interaction');
      message = createInteractionMessage(core, interaction, data, req, '/data');
      ephemeral = message.ephemeralFor !== undefined;
      interaction.originalMessageId = message.id;
      break;
    }
    case InteractionResponseType.DeferredChannelMessageWithSource: {
      if (interaction.type === InteractionType.ApplicationCommandAutocomplete) throw notFor('an autocomplete interaction');
      const flags = (data.flags as number | undefined) ?? 0;
      if (flags & ~64) throw ruleViolation('/data/flags', 'defer-flags', `Only the EPHEMERAL flag (64) can be set when deferring; got ${flags}.`);
      ephemeral = (flags & 64) !== 0;
      message = core.world.createMessage({
        content: '',
        embeds: [],
        components: [],
        attachments: [],
        flags: 0,
        channelId: interaction.channelId,
        guildId: interaction.guildId,
        authorId: core.world.bot.id,
        type: messageTypeFor(interaction),
        webhookId: core.world.applicationId,
        loading: true,
        interaction: interactionRef(interaction),
        ...(ephemeral ? { ephemeralFor: interaction.userId } : {}),
      });
      interaction.originalMessageId = message.id;
      break;
    }
    case InteractionResponseType.DeferredMessageUpdate: {
      if (!isComponent(interaction) && !fromComponentMessage(interaction)) throw notFor('an interaction without a message');
      interaction.originalMessageId = interaction.sourceMessageId as string;
      break;
    }
    case InteractionResponseType.UpdateMessage: {
      if (!isComponent(interaction) && !fromComponentMessage(interaction)) throw notFor('an interaction without a message');
      const source = core.world.liveMessage(interaction.sourceMessageId as string);
      if (!source) throw errors.unknownMessage();
      message = editMessage(core, source, data, req, '/data');
      ephemeral = message.ephemeralFor !== undefined;
      interaction.originalMessageId = source.id;
      break;
    }
    case InteractionResponseType.ApplicationCommandAutocompleteResult: {
      if (interaction.type !== InteractionType.ApplicationCommandAutocomplete) throw notFor('a non-autocomplete interaction');
      break;
    }
    case InteractionResponseType.Modal: {
      if (interaction.type === InteractionType.ModalSubmit || interaction.type === InteractionType.ApplicationCommandAutocomplete) {
        throw notFor('a modal submit or autocomplete interaction');
      }
      interaction.modal = body.data;
      break;
    }
    default:
      throw ruleViolation('/type', 'callback-type', `The fake does not support callback type ${String(body.type)} (nor does a bot need it).`);
  }

  interaction.initial = { type: body.type, at: core.clock.now(), receivedAt: req.receivedAt, ephemeral, changesAt: core.world.changes };
  core.world.events.emit('interactionUpdate', interaction);

  if (req.query.get('with_response') !== 'true') return { status: 204 };
  return json(200, {
    interaction: {
      id: interaction.id,
      type: interaction.type,
      ...(message ? { response_message_id: message.id, response_message_loading: message.loading, response_message_ephemeral: ephemeral } : {}),
    },
    resource: {
      type: body.type,
      ...(message ? { message: core.world.apiMessage(message) } : {}),
    },
  });
}

/** The interaction behind an interaction webhook, with Discord's checks. */
function webhookInteraction(core: Core, req: RouteRequest): InteractionRecord {
  if (req.params.webhook_id !== core.world.applicationId) throw errors.unknownWebhook('the webhook id is not the application id');
  const interaction = core.interactionsByToken.get(req.params.webhook_token as string);
  if (!interaction) throw errors.unknownWebhook('no interaction has this token');
  req.interactionId = interaction.id;
  const age = core.clock.now() - interaction.createdAt;
  if (age > core.options.tokenLifetimeMs) {
    throw errors.invalidWebhookToken(`the interaction token expired: it is ${age} ms old, tokens live ${core.options.tokenLifetimeMs} ms`);
  }
  if (!interaction.initial) {
    throw errors.unknownWebhook('the interaction has not been acknowledged; editReply, followUp and deleteReply need the initial response first');
  }
  return interaction;
}

function targetMessage(core: Core, interaction: InteractionRecord, messageId: string | undefined): StoredMessage {
  const id = messageId ?? interaction.originalMessageId;
  if (!id) throw errors.unknownMessage();
  const owned = id === interaction.originalMessageId || interaction.followUpIds.includes(id);
  const message = owned ? core.world.liveMessage(id) : undefined;
  if (!message) throw errors.unknownMessage();
  return message;
}

function followUp(core: Core, req: RouteRequest): RouteReply {
  const interaction = webhookInteraction(core, req);
  const data = req.body as RawMessagePayload;
  const original = interaction.originalMessageId ? core.world.liveMessage(interaction.originalMessageId) : undefined;
  let message: StoredMessage;
  if (interaction.initial?.type === InteractionResponseType.DeferredChannelMessageWithSource && original?.loading) {
    // The first follow-up after a deferred reply completes the "thinking" message.
    const { patch } = buildMessageBody(core.world, data, {
      mode: 'create',
      target: 'interaction',
      uploads: req.uploads,
      maxFileSize: core.options.maxFileSize,
    });
    message = core.world.editMessage(original, patch, { markEdited: false });
  } else if (interaction.initial?.type === InteractionResponseType.DeferredChannelMessageWithSource && !original) {
    throw errors.unknownMessage();
  } else {
    message = createInteractionMessage(core, interaction, data, req, '');
    interaction.followUpIds.push(message.id);
  }
  core.world.events.emit('interactionUpdate', interaction);
  if (req.query.get('wait') !== 'true') return { status: 204 };
  return json(200, core.world.apiMessage(message));
}

function editWebhookMessage(core: Core, req: RouteRequest, original: boolean): RouteReply {
  const interaction = webhookInteraction(core, req);
  const message = targetMessage(core, interaction, original ? undefined : req.params.message_id);
  const edited = editMessage(core, message, req.body as RawMessagePayload, req, '');
  core.world.events.emit('interactionUpdate', interaction);
  return json(200, core.world.apiMessage(edited));
}

function deleteWebhookMessage(core: Core, req: RouteRequest, original: boolean): RouteReply {
  const interaction = webhookInteraction(core, req);
  const message = targetMessage(core, interaction, original ? undefined : req.params.message_id);
  core.world.deleteMessage(message);
  core.world.events.emit('interactionUpdate', interaction);
  return { status: 204 };
}

function getWebhookMessage(core: Core, req: RouteRequest, original: boolean): RouteReply {
  const interaction = webhookInteraction(core, req);
  return json(200, core.world.apiMessage(targetMessage(core, interaction, original ? undefined : req.params.message_id)));
}

export const interactionRoutes: Route<Core>[] = [
  { method: 'POST', path: CALLBACK, auth: false, handle: callback },
  { method: 'POST', path: WEBHOOK, auth: false, handle: followUp },
  { method: 'GET', path: ORIGINAL, auth: false, handle: (c, r) => getWebhookMessage(c, r, true) },
  { method: 'PATCH', path: ORIGINAL, auth: false, handle: (c, r) => editWebhookMessage(c, r, true) },
  { method: 'DELETE', path: ORIGINAL, auth: false, handle: (c, r) => deleteWebhookMessage(c, r, true) },
  { method: 'GET', path: WEBHOOK_MESSAGE, auth: false, handle: (c, r) => getWebhookMessage(c, r, false) },
  { method: 'PATCH', path: WEBHOOK_MESSAGE, auth: false, handle: (c, r) => editWebhookMessage(c, r, false) },
  { method: 'DELETE', path: WEBHOOK_MESSAGE, auth: false, handle: (c, r) => deleteWebhookMessage(c, r, false) },
];
