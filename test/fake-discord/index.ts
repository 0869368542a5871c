/**
 * A local fake of Discord's gateway and REST API for end-to-end tests of the real discord.js client.
 * See fake-discord.ts for the entry point and README.md for a tour.
 */
export { FakeDiscord, type CreateUserOptions, type FakeDiscordOptions } from './fake-discord.js';
export { FakeUser, UnresolvedUser, type MessageRef, type OptionValue, type RunCommandOptions, type UserFile } from './actors.js';
export { FakeClock, type Clock } from './clock.js';
export { FakeDiscordViolationError, InteractionHandle, formatViolation, type WaitOptions } from './dispatcher.js';
export { DiscordError } from './errors.js';
export type { FaultSpec } from './server.js';
export type { Budget, BucketCount, BudgetTotals } from './rate-limit.js';
export { shardForGuild, type GatewaySession } from './gateway.js';
export { makePng, checkPng, PNG_SIGNATURE } from './png.js';
export type { PermissionInput, PermissionName } from './permissions.js';
export { validateRequestBody, validateComponentSchema, type SchemaIssue } from './schema.js';
export { bodyText, type Occurrence, type SeenAttachment, type SeenButton, type SeenLink, type SeenMessage, type SeenSelect } from './view.js';
export type { InteractionRecord, RequestRecord, StoredMessage, Violation } from './world.js';
