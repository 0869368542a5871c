/**
 * Discord's permission arithmetic: base permissions from @everyone and the member's roles (Administrator
 * and ownership grant everything), then channel overwrites in Discord's order: @everyone, roles (all
 * denies, then all allows), the member.
 */
import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';

export type PermissionName = keyof typeof PermissionFlagsBits;
export type PermissionInput = bigint | PermissionName | readonly PermissionName[];

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((a, b) => a | b, 0n);

export function toBits(input: PermissionInput | undefined): bigint {
  if (input === undefined) return 0n;
  if (typeof input === 'bigint') return input;
  if (typeof input === 'string') return bit(input);
  return input.reduce((acc, name) => acc | bit(name), 0n);
}

function bit(name: string): bigint {
  const value = (PermissionFlagsBits as Record<string, bigint>)[name];
  if (value === undefined) throw new Error(`unknown permission "${name}"`);
  return value;
}

export function hasAll(perms: bigint, required: bigint): boolean {
  return (perms & required) === required;
}

export function missingNames(perms: bigint, required: bigint): string[] {
  return Object.entries(PermissionFlagsBits)
    .filter(([, v]) => (required & v) === v && (perms & v) !== v)
    .map(([k]) => k);
}

export interface Overwrite {
  id: string;
  type: OverwriteType;
  allow: bigint;
  deny: bigint;
}

export interface PermissionSubject {
  userId: string;
  roleIds: readonly string[];
}

export interface PermissionGuild {
  id: string;
  ownerId: string;
  roles: ReadonlyMap<string, { permissions: bigint }>;
}

export function basePermissions(guild: PermissionGuild, subject: PermissionSubject): bigint {
  if (subject.userId === guild.ownerId) return ALL_PERMISSIONS;
  let perms = guild.roles.get(guild.id)?.permissions ?? 0n;
  for (const roleId of subject.roleIds) perms |= guild.roles.get(roleId)?.permissions ?? 0n;
  if ((perms & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  return perms;
}

export function channelPermissions(
  guild: PermissionGuild,
  subject: PermissionSubject,
  overwrites: readonly Overwrite[],
): bigint {
  let perms = basePermissions(guild, subject);
  if (perms === ALL_PERMISSIONS) return perms;
  const everyone = overwrites.find((o) => o.type === OverwriteType.Role && o.id === guild.id);
  if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type === OverwriteType.Role && o.id !== guild.id && subject.roleIds.includes(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  perms = (perms & ~deny) | allow;
  const member = overwrites.find((o) => o.type === OverwriteType.Member && o.id === subject.userId);
  if (member) perms = (perms & ~member.deny) | member.allow;
  // Without View Channel nothing else in the channel applies.
  if ((perms & PermissionFlagsBits.ViewChannel) === 0n) return 0n;
  return perms;
}
