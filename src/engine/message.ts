/**
 * Text leaves the engine as message keys with parameters; a catalogue per locale turns them into words.
 * Engines stay free of language, and buttons, log lines and tests share one source.
 */
export const LOCALES = ['en', 'de', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export type MessageParam = string | number;

export interface Message {
  readonly key: string;
  readonly params?: Readonly<Record<string, MessageParam>>;
}

/** key -> template with `{name}` placeholders. */
export type Catalogue = Readonly<Record<string, string>>;

/** English is complete; other locales fall back to it key by key. */
export type Catalogues = { readonly en: Catalogue } & Partial<Record<Exclude<Locale, 'en'>, Catalogue>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Fills `{name}` placeholders; an unknown key shows the key itself so a gap is visible, not silent. */
export function formatMessage(catalogues: Catalogues, message: Message, locale: Locale): string {
  const template = catalogues[locale]?.[message.key] ?? catalogues.en[message.key];
  if (template === undefined) return message.key;
  const params = message.params ?? {};
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
