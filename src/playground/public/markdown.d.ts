// Types of markdown.js (the page's plain JavaScript), for the tests.
export interface MarkdownContext {
  people?: ReadonlyMap<string, { displayName: string }>;
  channels?: ReadonlyMap<string, string>;
  roles?: ReadonlyMap<string, string>;
  /** The viewing user's id: mentions of them are highlighted. */
  me?: string;
  now?: number;
}
export function escapeHtml(text: string): string;
export function relativeTime(ms: number, now: number): string;
export function renderInline(text: string, ctx?: MarkdownContext): string;
export function renderMarkdown(text: string, ctx?: MarkdownContext): { html: string; mentioned: boolean };
