import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { childLogger, createLogger } from '../src/logger.js';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logger', () => {
  it('creates a JSON logger at the configured level', () => {
    const logger = createLogger({ level: 'warn', format: 'json' });
    expect(logger.level).toBe('warn');
    expect(logger.isLevelEnabled('info')).toBe(false);
  });

  it('child loggers carry the ids of what is handled and the token is redacted', () => {
    const out = capture();
    const root = createLogger({ level: 'info', format: 'json' }, out.stream);
    const child = childLogger(root, { interactionId: '11', guildId: '22', channelId: null, userId: '33', gameId: 4 });
    child.info({ token: 'secret-token', config: { discordToken: 'secret-2' }, headers: { authorization: 'Bot secret-3' } }, 'clicked');
    const [line] = out.lines();
    expect(line).toMatchObject({ interactionId: '11', guildId: '22', userId: '33', gameId: 4, msg: 'clicked' });
    expect(line).not.toHaveProperty('channelId');
    expect(JSON.stringify(line)).not.toContain('secret');
  });
});
