/**
 * What a player's notification settings are (`/game notify`): the shape the app computes with, the
 * commands offer and storage keeps. It sits below the app, Discord and persistence alike, so storage can
 * check a stored row without importing the app; what the settings mean for a reminder (quiet hours, away)
 * is the app's, in app/notifications.ts.
 */

export const NOTIFY_CHANNELS = ['channel', 'dm', 'both'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface NotifySettings {
  readonly how: NotifyChannel;
  /** IANA time zone; null = UTC. */
  readonly timeZone: string | null;
  /** Quiet hours [quietFrom, quietTo) in the player's time zone, whole hours 0-23; null = none. */
  readonly quietFrom: number | null;
  readonly quietTo: number | null;
  /** Unix ms; the player is away before it. */
  readonly awayUntil: number | null;
  /** The language of their direct messages (their Discord language when they set these); null = the server's. */
  readonly locale: string | null;
  /**
   * Whether a decision whose only legal answer is forced (a pass, a skip) is played for the player, logged
   * with its reason, without a ping (the default); false: they are asked like for any decision.
   */
  readonly autoForced: boolean;
  /** Whether their turn panel comes with the phone picture of the board as it stands (default: no). */
  readonly phonePicture: boolean;
}

/** The settings of a player who never chose any (no stored row). */
export const DEFAULT_NOTIFY: NotifySettings = { how: 'channel', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: null, autoForced: true, phonePicture: false };

/** The canonical IANA name of a time zone, or null when Intl does not know it. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
