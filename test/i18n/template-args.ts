/**
 * The arguments of an ICU template (plain, plural, select) and sample parameters derived from them, so a
 * test can render every branch of a message's plurals and selects.
 */
import { compileTemplate, type Locale, type MessageParam } from '../../src/engine/index.js';

export interface Arg {
  kind: 'simple' | 'plural' | 'select';
  options: string[];
}

/** ICU element types of @formatjs/icu-messageformat-parser. */
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
}

function collect(nodes: readonly AstNode[], args: Map<string, Arg>): void {
  for (const node of nodes) {
    if (node.type === ARGUMENT || node.type === NUMBER) {
      if (!args.has(node.value as string)) args.set(node.value as string, { kind: 'simple', options: [] });
    } else if (node.type === SELECT || node.type === PLURAL) {
      const name = node.value as string;
      const seen = args.get(name);
      const options = Object.keys(node.options ?? {});
      const kind = node.type === SELECT ? 'select' : 'plural';
      args.set(name, { kind, options: [...new Set([...(seen?.kind === kind ? seen.options : []), ...options])] });
      for (const option of Object.values(node.options ?? {})) collect(option.value, args);
    }
  }
}

/** The arguments a template uses, with their kinds and the options of its selects and plurals. */
export function templateArgs(template: string, locale: Locale): Map<string, Arg> {
  const args = new Map<string, Arg>();
  collect(compileTemplate(template, locale).getAst() as unknown as AstNode[], args);
  return args;
}

/**
 * Parameter sets for a template: one with a sample of every argument (from `samples` by name, else 2), then
 * one per branch of every select and per plural case (0, 1, 2, and every `=n`), varying one argument at a time.
 */
export function sampleParams(template: string, locale: Locale, samples: Readonly<Record<string, MessageParam>>): Record<string, MessageParam>[] {
  const args = templateArgs(template, locale);
  const base: Record<string, MessageParam> = {};
  for (const [name, arg] of args) {
    if (arg.kind === 'plural') base[name] = typeof samples[name] === 'number' ? samples[name] : 2;
    else if (arg.kind === 'select') base[name] = samples[name] ?? arg.options.find((o) => o !== 'other') ?? 'other';
    else base[name] = samples[name] ?? 2;
  }
  const sets = [base];
  for (const [name, arg] of args) {
    if (arg.kind === 'select') for (const option of arg.options) sets.push({ ...base, [name]: option === 'other' ? 'something-else' : option });
    if (arg.kind === 'plural') {
      const values = new Set([0, 1, 2, 7, ...arg.options.filter((o) => o.startsWith('=')).map((o) => Number(o.slice(1)))]);
      for (const n of values) sets.push({ ...base, [name]: n });
    }
  }
  return sets;
}
