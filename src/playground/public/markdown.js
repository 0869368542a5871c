// Discord's message markdown, rendered to HTML for the playground page: code blocks, headings, subtext,
// block quotes, lists, bold/italic/underline/strike/spoiler, inline code, links, user/role/channel
// mentions, timestamps and custom emoji. All text is escaped; the only tags are the ones made here.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const TIME_STYLES = {
  t: { hour: '2-digit', minute: '2-digit' },
  T: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  d: { day: '2-digit', month: '2-digit', year: 'numeric' },
  D: { day: 'numeric', month: 'long', year: 'numeric' },
  f: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  F: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
};

/** "in 3 hours", "5 minutes ago", as Discord's <t:..:R>. */
export function relativeTime(ms, now) {
  const diff = ms - now;
  const abs = Math.abs(diff);
  const units = [
    ['year', 365 * 86400000],
    ['month', 30 * 86400000],
    ['day', 86400000],
    ['hour', 3600000],
    ['minute', 60000],
    ['second', 1000],
  ];
  for (const [unit, size] of units) {
    if (abs >= size || unit === 'second') {
      const n = Math.max(1, Math.round(abs / size));
      const label = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return diff >= 0 ? `in ${label}` : `${label} ago`;
    }
  }
  return 'now';
}

function timestamp(seconds, style, ctx) {
  const ms = Number(seconds) * 1000;
  const date = new Date(ms);
  const title = date.toLocaleString('en-GB', TIME_STYLES.F);
  const text = style === 'R' ? relativeTime(ms, ctx.now ?? Date.now()) : date.toLocaleString('en-GB', TIME_STYLES[style] ?? TIME_STYLES.f);
  return `<span class="md-timestamp" title="${escapeHtml(title)}">${escapeHtml(text)}</span>`;
}

function safeUrl(url) {
  return /^https?:\/\//i.test(url) ? url : null;
}

// Tokens that must not be touched by emphasis: inline code, mentions, timestamps, emoji, links.
const TOKEN = new RegExp(
  [
    '(`+)([\\s\\S]*?[^`])\\1(?!`)', // 1,2 inline code
    '<@!?(\\d{15,21})>', // 3 user
    '<@&(\\d{15,21})>', // 4 role
    '<#(\\d{15,21})>', // 5 channel
    '<t:(-?\\d{1,13})(?::([tTdDfFR]))?>', // 6,7 timestamp
    '<(a?):(\\w{2,32}):(\\d{15,21})>', // 8,9,10 custom emoji
    '\\[([^\\]\\n]+)\\]\\(<?(https?:\\/\\/[^)\\s>]+)>?\\)', // 11,12 masked link
    '<?(https?:\\/\\/[^\\s<>]+[^\\s<>.,:;"\')\\]])>?', // 13 bare link
    '@(everyone|here)\\b', // 14
  ].join('|'),
  'g',
);

function tokenHtml(m, ctx) {
  if (m[1] !== undefined) return `<code class="md-code">${escapeHtml(m[2])}</code>`;
  if (m[3] !== undefined) {
    const person = ctx.people?.get(m[3]);
    const mine = m[3] === ctx.me;
    if (mine) ctx.mentioned = true;
    return `<span class="md-mention${mine ? ' md-mention-me' : ''}" data-user="${escapeHtml(m[3])}">@${escapeHtml(person ? person.displayName : 'unknown-user')}</span>`;
  }
  if (m[4] !== undefined) return `<span class="md-mention">@${escapeHtml(ctx.roles?.get(m[4]) ?? 'unknown-role')}</span>`;
  if (m[5] !== undefined) return `<span class="md-mention" data-channel="${escapeHtml(m[5])}">#${escapeHtml(ctx.channels?.get(m[5]) ?? 'unknown')}</span>`;
  if (m[6] !== undefined) return timestamp(m[6], m[7] ?? 'f', ctx);
  // A custom emoji as Discord draws it: its picture (the app's own, served by the playground), named in its alt text.
  if (m[9] !== undefined) return `<img class="md-emoji" src="/emojis/${escapeHtml(m[10])}.png" alt=":${escapeHtml(m[9])}:" title=":${escapeHtml(m[9])}:">`;
  if (m[11] !== undefined) {
    const url = safeUrl(m[12]);
    return url ? `<a class="md-link" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${renderInline(m[11], ctx)}</a>` : escapeHtml(m[0]);
  }
  if (m[13] !== undefined) {
    const url = safeUrl(m[13]);
    return url ? `<a class="md-link" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>` : escapeHtml(m[0]);
  }
  if (m[14] !== undefined) {
    ctx.mentioned = true;
    return `<span class="md-mention md-mention-me">@${m[14]}</span>`;
  }
  return escapeHtml(m[0]);
}

const EMPHASIS = [
  [/\*\*\*(?=\S)([\s\S]*?\S)\*\*\*/g, '<strong><em>$1</em></strong>'],
  [/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>'],
  [/__(?=\S)([\s\S]*?\S)__/g, '<u>$1</u>'],
  [/\*(?=[^\s*])([\s\S]*?[^\s*])\*/g, '<em>$1</em>'],
  [/(^|[^\w])_(?=\S)([\s\S]*?\S)_(?!\w)/g, '$1<em>$2</em>'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '<s>$1</s>'],
  [/\|\|(?=\S)([\s\S]*?\S)\|\|/g, '<span class="md-spoiler" tabindex="0">$1</span>'],
];

/**
 * Plain text between tokens, escaped for HTML. As in Discord, a backslash before any ASCII punctuation
 * shows that character itself (the bot escapes names such as "Bot 2 \\(easy\\)"); the character is held in a
 * placeholder so that emphasis does not take it for a marker.
 */
function escapeText(text) {
  const held = text.replace(/\\([!-/:-@[-`{-~])/g, (_, c) => `\u0001${c.charCodeAt(0)}\u0001`);
  return escapeHtml(held);
}

/** One line (or a run of lines) of inline markdown. */
export function renderInline(text, ctx = {}) {
  const parts = [];
  let out = '';
  let last = 0;
  // matchAll works on a copy of the pattern: renderInline recurses (masked links) without disturbing it.
  for (const m of text.matchAll(TOKEN)) {
    out += escapeText(text.slice(last, m.index));
    // Placeholders carry no markdown characters, so emphasis can span around tokens.
    out += `\u0000${parts.length}\u0000`;
    parts.push(tokenHtml(m, ctx));
    last = m.index + m[0].length;
  }
  out += escapeText(text.slice(last));
  for (const [pattern, replacement] of EMPHASIS) out = out.replace(pattern, replacement);
  out = out.replace(/\u0001(\d+)\u0001/g, (_, code) => escapeHtml(String.fromCharCode(Number(code))));
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => parts[Number(i)]);
}

/**
 * A whole message's text. `ctx`: { people: Map<id, {displayName}>, channels: Map<id, name>, roles,
 * me: the viewing user's id, now: ms }. Returns { html, mentioned } (mentioned: the text pings `me`).
 */
export function renderMarkdown(text, ctx = {}) {
  const state = { ...ctx, mentioned: false };
  const blocks = [];
  const source = String(text ?? '');
  // Code blocks first: nothing inside them is markdown.
  const fence = /```(?:([\w+-]+)\n)?([\s\S]*?)```/g;
  let last = 0;
  for (let m = fence.exec(source); m !== null; m = fence.exec(source)) {
    blocks.push(...renderLines(source.slice(last, m.index), state));
    blocks.push(`<pre class="md-pre"><code>${escapeHtml(m[2].replace(/^\n/, '').replace(/\n$/, ''))}</code></pre>`);
    last = m.index + m[0].length;
  }
  blocks.push(...renderLines(source.slice(last), state));
  return { html: blocks.join(''), mentioned: state.mentioned };
}

function renderLines(chunk, ctx) {
  // The newlines that touch a code fence belong to the fence.
  const text = chunk.replace(/^\n/, '').replace(/\n$/, '');
  if (text === '') return [];
  const lines = text.split('\n');
  const out = [];
  let paragraph = [];
  let list = null; // { tag, items }
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<div class="md-p">${paragraph.map((l) => renderInline(l, ctx)).join('<br>')}</div>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag} class="md-list">${list.items.map((i) => `<li>${renderInline(i, ctx)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    let m;
    if ((m = /^>>> ?([\s\S]*)$/.exec(line))) {
      flushParagraph();
      flushList();
      const rest = [m[1], ...lines.slice(i + 1)].join('\n');
      out.push(`<blockquote class="md-quote">${renderLines(rest, ctx).join('')}</blockquote>`);
      break;
    }
    if ((m = /^> ?(.*)$/.exec(line)) && line.startsWith('>')) {
      flushParagraph();
      flushList();
      const quoted = [m[1]];
      while (i + 1 < lines.length && /^> ?/.test(lines[i + 1]) && !lines[i + 1].startsWith('>>>')) quoted.push(lines[(i += 1)].replace(/^> ?/, ''));
      out.push(`<blockquote class="md-quote">${renderLines(quoted.join('\n'), ctx).join('')}</blockquote>`);
      continue;
    }
    if ((m = /^(#{1,3}) (.+)$/.exec(line))) {
      flushParagraph();
      flushList();
      out.push(`<div class="md-h${m[1].length}">${renderInline(m[2], ctx)}</div>`);
      continue;
    }
    if ((m = /^-# (.+)$/.exec(line))) {
      flushParagraph();
      flushList();
      out.push(`<div class="md-subtext">${renderInline(m[1], ctx)}</div>`);
      continue;
    }
    if ((m = /^\s*[-*] (.+)$/.exec(line)) || (m = /^\s*\d+[.)] (.+)$/.exec(line))) {
      const tag = /^\s*\d/.test(line) ? 'ol' : 'ul';
      flushParagraph();
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(m[1]);
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return out;
}
