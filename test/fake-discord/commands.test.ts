/**
 * Command registration through registerCommands (a bare REST client, no gateway): Discord's naming and
 * structure rules on top of the OpenAPI schema, global and guild scopes, ids kept across re-registration.
 */
import { REST, SlashCommandBuilder, type RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import { FakeDiscord } from './fake-discord.js';

let fake: FakeDiscord;
let rest: REST;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  rest = new REST({ api: fake.apiBaseUrl, retries: 0, timeout: 2000, globalRequestsPerSecond: Infinity }).setToken(fake.token);
});

afterEach(() => {
  expect(fake.takeViolations().map((v) => v.message)).toEqual([]);
});

afterAll(async () => {
  await fake?.stop();
});

type Body = RESTPostAPIApplicationCommandsJSONBody;
const valid = (): Body =>
  new SlashCommandBuilder()
    .setName('game')
    .setDescription('Board games')
    .setNameLocalizations({ de: 'spiel', nl: 'spel' })
    .setDescriptionLocalizations({ de: 'Brettspiele', nl: 'Bordspellen' })
    .addSubcommand((s) =>
      s
        .setName('new')
        .setDescription('Start a game')
        .addStringOption((o) => o.setName('kind').setDescription('Which game').setRequired(true).addChoices({ name: 'Kairo', value: 'kairo' }))
        .addIntegerOption((o) => o.setName('players').setDescription('Seats').setMinValue(2).setMaxValue(5)),
    )
    .toJSON();

/** Registers raw bodies (bypassing the builders' own checks) and returns the first violation. */
async function rejected(commands: unknown[]): Promise<{ schemaPath: string | undefined; instancePath: string | undefined; message: string }> {
  const error = await registerCommands(rest, { applicationId: fake.applicationId, commands: commands as Body[] }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ status: 400, code: 50035 });
  const [violation] = fake.takeViolations();
  return { schemaPath: violation?.issues[0]?.schemaPath, instancePath: violation?.issues[0]?.instancePath, message: violation?.message ?? '' };
}

describe('command registration', () => {
  it('stores commands with ids, keeps ids when re-registering, and serves them back', async () => {
    const first = await registerCommands(rest, { applicationId: fake.applicationId, commands: [valid()] });
    expect(first[0]).toMatchObject({ name: 'game', application_id: fake.applicationId, type: 1 });
    expect(first[0]?.id).toMatch(/^\d{17,19}$/);
    const second = await registerCommands(rest, { applicationId: fake.applicationId, commands: [valid()] });
    expect(second[0]?.id).toBe(first[0]?.id);
    expect(second[0]?.version).not.toBe(first[0]?.version);
    const listed = (await rest.get(`/applications/${fake.applicationId}/commands`)) as { name: string }[];
    expect(listed.map((c) => c.name)).toEqual(['game']);
    await rest.delete(`/applications/${fake.applicationId}/commands/${first[0]?.id}`);
    expect(fake.commands()).toEqual([]);
  });

  it('registers per guild, and refuses a guild the bot is not in', async () => {
    const stored = await registerCommands(rest, { applicationId: fake.applicationId, guildId: fake.guildId, commands: [valid()] });
    expect(stored[0]?.guild_id).toBe(fake.guildId);
    expect(fake.commands(fake.guildId)).toHaveLength(1);
    const error = await registerCommands(rest, { applicationId: fake.applicationId, guildId: '123456789012345678', commands: [valid()] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 50001 });
  });

  it.each([
    { what: 'an upper-case name', patch: { name: 'Game' }, schemaPath: 'discord-rule:command-name-lowercase', at: '/0/name' },
    { what: 'a name with a space', patch: { name: 'new game' }, schemaPath: 'discord-rule:command-name', at: '/0/name' },
    { what: 'a 33-character name', patch: { name: 'g'.repeat(33) }, schemaPath: '#/components/schemas/ApplicationCommandUpdateRequest/properties/name/maxLength', at: '/0/name' },
    { what: 'a 101-character description', patch: { description: 'd'.repeat(101) }, schemaPath: '#/components/schemas/ApplicationCommandUpdateRequest/properties/description/maxLength', at: '/0/description' },
    { what: 'no description', patch: { description: undefined }, schemaPath: 'discord-rule:command-description', at: '/0/description' },
    { what: 'a locale Discord does not have', patch: { name_localizations: { xx: 'spiel' } }, schemaPath: 'discord-rule:locale', at: '/0/name_localizations/xx' },
    { what: 'an upper-case localized name', patch: { name_localizations: { de: 'Spiel' } }, schemaPath: 'discord-rule:command-name-lowercase', at: '/0/name_localizations/de' },
    {
      what: 'a localized description over 100 characters',
      patch: { description_localizations: { nl: 'x'.repeat(101) } },
      schemaPath: '#/components/schemas/ApplicationCommandUpdateRequest/properties/description_localizations/additionalProperties/maxLength',
      at: '/0/description_localizations/nl',
    },
  ])('rejects $what', async ({ patch, schemaPath, at }) => {
    const body = { ...valid(), ...patch } as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete body[k];
    expect(await rejected([body])).toMatchObject({ schemaPath, instancePath: at });
  });

  it('rejects option structures Discord refuses', async () => {
    const opt = (name: string, extra: Record<string, unknown> = {}) => ({ type: 3, name, description: name, ...extra });
    const cmd = (options: unknown[]) => ({ name: 'x', description: 'x', options });
    expect(await rejected([cmd([opt('a'), opt('b', { required: true })])])).toMatchObject({ schemaPath: 'discord-rule:required-first', instancePath: '/0/options/1/required' });
    expect(await rejected([cmd([opt('a'), opt('a')])])).toMatchObject({ schemaPath: 'discord-rule:option-name-unique' });
    expect(await rejected([cmd([{ type: 1, name: 'sub', description: 'sub' }, opt('a')])])).toMatchObject({ schemaPath: 'discord-rule:subcommand-mix' });
    expect(await rejected([cmd(Array.from({ length: 26 }, (_, i) => opt(`o${i}`)))])).toMatchObject({
      schemaPath: '#/components/schemas/ApplicationCommandUpdateRequest/properties/options/maxItems',
    });
    expect(await rejected([cmd([opt('a', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `${i}` })) })])])).toMatchObject({
      schemaPath: '#/components/schemas/ApplicationCommandStringOption/properties/choices/maxItems',
    });
    expect(await rejected([cmd([{ type: 4, name: 'n', description: 'n', choices: [{ name: 'one', value: 'one' }] }])])).toMatchObject({
      schemaPath: '#/components/schemas/Int53Type/type',
      instancePath: '/0/options/0/choices/0/value',
    });
    expect(await rejected([cmd([opt('a', { autocomplete: true, choices: [{ name: 'c', value: 'c' }] })])])).toMatchObject({ schemaPath: 'discord-rule:choices-autocomplete' });
    expect(await rejected([cmd([opt('Big')])])).toMatchObject({ schemaPath: 'discord-rule:command-name-lowercase', instancePath: '/0/options/0/name' });
  });

  it('rejects the same command twice, and a command over 8,000 characters with each field counted at its longest language', async () => {
    expect(await rejected([valid(), valid()])).toMatchObject({ schemaPath: 'discord-rule:command-name-unique', instancePath: '/1/name' });
    // Short in English; the German descriptions and choice names are what make it too big.
    const german = (text: string) => ({ de: text });
    const options = (localised: boolean) =>
      Array.from({ length: 25 }, (_, i) => ({
        type: 3,
        name: `o${i}`,
        description: 'd',
        ...(localised ? { description_localizations: german('d'.repeat(100)) } : {}),
        choices: Array.from({ length: 3 }, (_, j) => ({ name: 'n', value: `${j}`, ...(localised ? { name_localizations: german('n'.repeat(100)) } : {}) })),
      }));
    expect(await rejected([{ name: 'big', description: 'big', options: options(true) }])).toMatchObject({ schemaPath: 'discord-rule:command-size' });
    await registerCommands(rest, { applicationId: fake.applicationId, commands: [{ name: 'big', description: 'big', options: options(false) } as Body] });
    expect(fake.takeViolations()).toEqual([]);
  });


  it('accepts user and message context-menu commands with capitals and spaces, not with descriptions', async () => {
    const stored = await registerCommands(rest, { applicationId: fake.applicationId, commands: [{ type: 2, name: 'Show Hand' }, valid()] as Body[] });
    expect(stored.map((c) => c.name)).toEqual(['Show Hand', 'game']);
    expect(await rejected([{ type: 3, name: 'Quote', description: 'nope' }])).toMatchObject({ schemaPath: 'discord-rule:context-menu-description' });
  });
});
