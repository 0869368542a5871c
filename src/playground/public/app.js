// The playground page: a channel, a game thread or the user's direct messages with the bot, as the chosen
// local user sees them, a command box built from the commands the bot registered, and clicks and picks
// sent as that user. Live through server-sent events.
import { escapeHtml, renderInline, renderMarkdown } from './markdown.js';

const $ = (id) => document.getElementById(id);

const state = {
  boot: null,
  userId: null,
  channelId: null,
  view: { messages: [], notices: [], now: Date.now(), places: { threads: [], directMessages: null } },
  /** user id -> how many direct messages that user has looked at (the sidebar's unread count) */
  readDirectMessages: new Map(),
  /** a message to scroll to once shown (a followed link) */
  jumpTo: null,
  /** message id -> { sig, el } */
  rendered: new Map(),
  refreshing: false,
  refreshAgain: false,
  command: null, // the chosen CommandForm
  popupIndex: 0,
  firstRender: true,
};

// ----- small helpers ------------------------------------------------------------------------------------

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'html') node.innerHTML = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of [].concat(children)) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ ok: false, error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error ?? `HTTP ${response.status}`);
  return data;
}

function me() {
  return state.boot.users.find((u) => u.id === state.userId);
}

function locale() {
  return me()?.locale ?? 'en-US';
}

/** A localized text ({ default, de, nl, ... }) in the current user's client language. */
function loc(text) {
  if (!text) return '';
  const l = locale();
  return text[l] ?? text[l.split('-')[0]] ?? text.default;
}

function person(id) {
  if (id === state.boot.bot.id) return state.boot.bot;
  return state.boot.users.find((u) => u.id === id) ?? { id, displayName: 'unknown-user', name: 'unknown', color: '#747f8d' };
}

function avatar(p, size = '') {
  return el('div', { class: `avatar ${size}`, style: `background:${p.color}`, 'aria-hidden': 'true', text: p.displayName.slice(0, 1).toUpperCase() });
}

/** A place of the sidebar by id: a channel, a thread of one, or the current user's direct messages. */
function placeOf(id) {
  const channel = state.boot.channels.find((c) => c.id === id);
  if (channel) return { kind: 'channel', id, name: channel.name, topic: channel.topic };
  const thread = state.view.places.threads.find((t) => t.id === id);
  if (thread) return { kind: 'thread', id, name: thread.name, parent: state.boot.channels.find((c) => c.id === thread.parentId) };
  if (state.view.places.directMessages?.channelId === id) return { kind: 'dm', id, name: state.boot.bot.displayName };
  return null;
}

function currentPlace() {
  return placeOf(state.channelId) ?? { kind: 'channel', ...state.boot.channels[0] };
}

function markdownContext() {
  return {
    people: new Map([state.boot.bot, ...state.boot.users].map((p) => [p.id, p])),
    channels: new Map([...state.boot.channels, ...state.view.places.threads].map((c) => [c.id, c.name])),
    me: state.userId,
    now: state.view.now,
  };
}

function formatTime(ms, now) {
  const date = new Date(ms);
  const today = new Date(now);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === today.toDateString()) return `Today at ${time}`;
  const yesterday = new Date(now - 86400000);
  if (date.toDateString() === yesterday.toDateString()) return `Yesterday at ${time}`;
  return `${date.toLocaleDateString('en-GB')} ${time}`;
}

function showError(text) {
  const box = $('composer-error');
  box.textContent = text;
  box.hidden = !text;
}

// ----- start --------------------------------------------------------------------------------------------

async function boot() {
  state.boot = await api('/api/bootstrap');
  const params = new URLSearchParams(location.search);
  const wantedUser = params.get('user') ?? localStorage.getItem('playground.user');
  const wantedChannel = params.get('channel') ?? localStorage.getItem('playground.channel');
  state.userId = (state.boot.users.find((u) => u.name === wantedUser || u.id === wantedUser) ?? state.boot.users[0]).id;
  state.channelId = (state.boot.channels.find((c) => c.name === wantedChannel || c.id === wantedChannel) ?? state.boot.channels[0]).id;
  $('guild-name').textContent = state.boot.guild.name;
  $('server-icon').title = state.boot.guild.name;
  $('clock').hidden = !state.boot.clock;
  $('clock-title').hidden = !state.boot.clock;
  const select = $('locale');
  select.replaceChildren(...state.boot.locales.map((l) => el('option', { value: l.value, text: l.label })));
  renderSidebar();
  renderComposer();
  renderStarting();
  await refresh();
}

/** While the bot starts, the page says so and sends nothing: a command sent then would go unanswered. */
function renderStarting() {
  const starting = !state.boot.ready;
  $('starting').hidden = !starting;
  $('composer').classList.toggle('waiting', starting);
  renderComposerPlace(currentPlace());
}

/** Asks again whether the bot is ready; once it is, the page starts over with the bot's commands. */
async function checkReady() {
  if (state.boot?.ready !== false) return;
  const fresh = await api('/api/bootstrap');
  if (fresh.ready) await boot();
}

function connect() {
  const events = new EventSource('/api/events');
  let broken = false;
  events.addEventListener('change', () => {
    if (state.boot?.ready === false) void checkReady().catch((error) => showError(error.message));
    else void refresh();
  });
  events.addEventListener('open', () => {
    $('connection').hidden = true;
    if (broken) {
      broken = false;
      // The playground may have restarted (new ids): start over.
      api('/api/bootstrap').then(
        (fresh) => {
          if (fresh.guild.id !== state.boot?.guild.id) {
            state.rendered.clear();
            $('message-list').replaceChildren();
            state.firstRender = true;
            void boot();
          }
        },
        () => {},
      );
    }
  });
  events.addEventListener('error', () => {
    broken = true;
    $('connection').hidden = false;
  });
}

// ----- sidebar ------------------------------------------------------------------------------------------

/** Users the newest public message pings (the board's "your decision" line). */
function pinged() {
  const last = [...state.view.messages].reverse().find((m) => !m.ephemeral && /<@\d+>/.test(m.text));
  if (!last) return new Set();
  const lines = last.text.split('\n');
  return new Set([...(lines.at(-1) ?? '').matchAll(/<@!?(\d+)>/g)].map((m) => m[1]));
}

function unreadDirectMessages() {
  const dms = state.view.places.directMessages;
  return dms ? Math.max(0, dms.count - (state.readDirectMessages.get(state.userId) ?? 0)) : 0;
}

function renderSidebar() {
  const place = currentPlace();
  // Each channel, with the threads the bot opened in it underneath (as Discord lists active threads).
  $('channels').replaceChildren(
    ...state.boot.channels.map((c) =>
      el('li', {}, [
        el('button', { type: 'button', class: 'channel', 'data-name': c.name, 'aria-current': c.id === state.channelId ? 'true' : 'false', onclick: () => switchChannel(c.id) }, [
          el('span', { class: 'channel-hash', text: '#' }),
          el('span', { class: 'channel-name', text: c.name }),
        ]),
        el(
          'ul',
          { class: 'threads', 'aria-label': `Threads of #${c.name}` },
          state.view.places.threads
            .filter((t) => t.parentId === c.id)
            .map((t) =>
              el('li', {}, [
                el('button', { type: 'button', class: 'channel thread', 'data-thread': t.name, 'aria-current': t.id === state.channelId ? 'true' : 'false', title: t.name, onclick: () => switchChannel(t.id) }, [
                  el('span', { class: 'thread-branch', 'aria-hidden': 'true' }),
                  el('span', { class: 'channel-name', text: t.name }),
                ]),
              ]),
            ),
        ),
      ]),
    ),
  );
  // The current user's direct messages with the bot (another user's are never listed).
  const dms = state.view.places.directMessages;
  const unread = unreadDirectMessages();
  $('dm-title').hidden = !dms;
  $('direct-messages').replaceChildren(
    ...(dms
      ? [
          el('li', {}, [
            el('button', { type: 'button', class: 'channel dm', 'data-dm': state.boot.bot.name, 'aria-current': dms.channelId === state.channelId ? 'true' : 'false', title: `Your direct messages with ${state.boot.bot.displayName}`, onclick: () => switchChannel(dms.channelId) }, [
              avatar(state.boot.bot, 'tiny'),
              el('span', { class: 'channel-name', text: state.boot.bot.displayName }),
              unread > 0 ? el('span', { class: 'user-badge', title: `${unread} unread`, text: String(unread) }) : null,
            ]),
          ]),
        ]
      : []),
  );
  const toAct = pinged();
  $('users').replaceChildren(
    ...state.boot.users.map((u) =>
      el('li', {}, [
        el('button', { type: 'button', class: 'user', 'data-name': u.name, 'aria-current': u.id === state.userId ? 'true' : 'false', title: `See the channel as ${u.displayName}`, onclick: () => switchUser(u.id) }, [
          avatar(u, 'small'),
          el('span', { class: 'user-name', text: u.displayName }),
          toAct.has(u.id) ? el('span', { class: 'user-badge', title: `${u.displayName} is mentioned in the latest message`, text: '@' }) : null,
        ]),
      ]),
    ),
  );
  const current = me();
  $('me-avatar').replaceWith(Object.assign(avatar(current), { id: 'me-avatar' }));
  $('me-name').textContent = current.displayName;
  $('me-tag').textContent = current.name;
  $('locale').value = current.locale;
  renderHeader(place);
  $('clock-now').textContent = new Date(state.view.now).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  document.title = `${placeTitle(place)} as ${current.displayName} · Bazaar playground`;
}

function placeTitle(place) {
  return place.kind === 'dm' ? `@${place.name}` : `#${place.name}`;
}

/** Discord's thread icon: a speech bubble with a hash (drawn here: the page loads no fonts or images). */
const THREAD_ICON =
  '<svg class="thread-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M9.5 7.5 8.5 14.5M14.5 7.5l-1 7M7 9.5h10M6.5 12.5h10" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>';

function placeIcon(place, node) {
  if (place.kind === 'thread') node.innerHTML = THREAD_ICON;
  else node.textContent = place.kind === 'dm' ? '@' : '#';
}

/** The header and the start of the message list for a channel, a thread or the direct messages. */
function renderHeader(place) {
  placeIcon(place, $('chat-hash'));
  $('channel-parent').hidden = place.kind !== 'thread';
  $('channel-parent').replaceChildren(...(place.kind === 'thread' ? [el('button', { type: 'button', class: 'link-button', onclick: () => switchChannel(place.parent.id), text: `#${place.parent.name}` }), el('span', { text: ' › ' })] : []));
  $('channel-name').textContent = place.name;
  $('channel-topic').textContent =
    place.kind === 'dm'
      ? `Your direct messages with ${place.name}: turn notices, if you chose them with /game notify, and games of your own: type / for commands (/game learn plays here).`
      : place.kind === 'thread'
        ? `A thread the bot opened for a game in #${place.parent.name}.`
        : (place.topic ?? 'The real bot on a local fake Discord. Pick a user on the left, then type / for commands.');
  placeIcon(place, $('channel-start-icon'));
  $('channel-start-title').textContent = place.kind === 'dm' ? place.name : place.kind === 'thread' ? place.name : `Welcome to #${place.name}!`;
  $('channel-start-text').textContent =
    place.kind === 'dm'
      ? `This is the beginning of your direct message history with ${place.name}.`
      : place.kind === 'thread'
        ? `Started by ${state.boot.bot.displayName} in #${place.parent.name}. The game's boards come here; its buttons and commands work as in the channel.`
        : `This is the start of the #${place.name} channel. Start a game with /game new.`;
  renderComposerPlace(place);
}

function switchUser(id) {
  if (id === state.userId) return;
  // Direct messages are the user's own: another user starts in the first channel.
  if (currentPlace().kind === 'dm') resetPlace(state.boot.channels[0].id);
  state.userId = id;
  localStorage.setItem('playground.user', me().name);
  state.firstRender = true;
  showError('');
  renderSidebar();
  renderComposer();
  void refresh();
}

function resetPlace(id) {
  state.channelId = id;
  const channel = state.boot.channels.find((c) => c.id === id);
  if (channel) localStorage.setItem('playground.channel', channel.name);
  state.firstRender = true;
  state.rendered.clear();
  $('message-list').replaceChildren();
}

/** Opens a channel, a thread or the direct messages. */
function switchChannel(id) {
  if (id === state.channelId) return;
  resetPlace(id);
  if (state.command) {
    state.command = null;
    renderComposer();
  }
  renderSidebar();
  void refresh();
}

/** A discord.com link to a message of a place the page shows (a DM's link to the board) opens that place. */
function followLink(event) {
  const link = event.target.closest?.('a.md-link, .md-mention[data-channel]');
  if (!link) return;
  const target = link.dataset.channel
    ? { place: link.dataset.channel, message: null }
    : (() => {
        const m = /^https:\/\/discord\.com\/channels\/\d+\/(\d+)(?:\/(\d+))?$/.exec(link.getAttribute('href') ?? '');
        return m ? { place: m[1], message: m[2] ?? null } : null;
      })();
  if (!target || !placeOf(target.place)) return;
  event.preventDefault();
  state.jumpTo = target.message;
  if (target.place === state.channelId) renderMessages();
  else switchChannel(target.place);
}

// ----- messages -----------------------------------------------------------------------------------------

async function refresh() {
  if (!state.boot) return;
  if (state.refreshing) {
    state.refreshAgain = true;
    return;
  }
  state.refreshing = true;
  try {
    do {
      state.refreshAgain = false;
      const user = state.userId;
      const channel = state.channelId;
      let view;
      try {
        view = await api(`/api/messages?user=${encodeURIComponent(user)}&channel=${encodeURIComponent(channel)}`);
      } catch (error) {
        // The thread was deleted (or these were another user's messages): back to the first channel.
        if (channel === state.channelId && !state.boot.channels.some((c) => c.id === channel)) {
          resetPlace(state.boot.channels[0].id);
          state.refreshAgain = true;
          continue;
        }
        throw error;
      }
      if (user === state.userId && channel === state.channelId) {
        state.view = view;
        if (view.places.directMessages?.channelId === channel) state.readDirectMessages.set(user, view.places.directMessages.count);
        renderMessages();
        renderSidebar();
      } else {
        state.refreshAgain = true;
      }
    } while (state.refreshAgain);
  } catch (error) {
    showError(`Could not load the channel: ${error.message}`);
  } finally {
    state.refreshing = false;
  }
}

/** Messages and notices in time order, each with whether it starts a new group (avatar and name). */
function timeline() {
  const items = [
    ...state.view.messages.map((m) => ({ kind: 'message', id: m.id, at: m.createdAt, message: m })),
    ...state.view.notices.map((n) => ({ kind: 'notice', id: `notice-${n.id}`, at: n.at, notice: n })),
  ].sort((a, b) => a.at - b.at);
  let previous = null;
  for (const item of items) {
    const author = item.kind === 'notice' ? 'system' : item.message.authorId;
    item.header =
      item.kind === 'notice' ||
      previous === null ||
      previous.author !== author ||
      item.message.command !== null ||
      item.at - previous.at > 7 * 60000 ||
      previous.kind === 'notice';
    previous = { author, at: item.at, kind: item.kind };
  }
  return items;
}

function renderMessages() {
  const scroller = $('messages');
  const atBottom = state.firstRender || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
  const list = $('message-list');
  const items = timeline();
  const wanted = [];
  for (const item of items) {
    const sig = JSON.stringify([item.message ?? item.notice, item.header, state.userId, locale()]);
    let entry = state.rendered.get(item.id);
    if (!entry || entry.sig !== sig) {
      entry = { sig, el: item.kind === 'notice' ? renderNotice(item) : renderMessage(item.message, item.header) };
      state.rendered.set(item.id, entry);
    }
    wanted.push(entry.el);
  }
  const keep = new Set(wanted);
  for (const [id, entry] of state.rendered) if (!keep.has(entry.el)) state.rendered.delete(id);
  for (const child of [...list.children]) if (!keep.has(child)) child.remove();
  // Unchanged messages keep their nodes (and an open select menu); changed ones take their place.
  wanted.forEach((node, i) => {
    if (list.children[i] !== node) list.insertBefore(node, list.children[i] ?? null);
  });
  const jump = state.jumpTo ? list.querySelector(`[data-id="${state.jumpTo}"]`) : null;
  if (jump) {
    state.jumpTo = null;
    jump.scrollIntoView({ block: 'center' });
    jump.classList.add('highlighted');
    setTimeout(() => jump.classList.remove('highlighted'), 2000);
  } else if (atBottom) scrollToBottom();
  state.firstRender = false;
}

function scrollToBottom() {
  const scroller = $('messages');
  scroller.scrollTop = scroller.scrollHeight;
}

const EYE =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5C5.648 5 1 12 1 12s4.648 7 11 7 11-7 11-7-4.648-7-11-7Zm0 12c-2.761 0-5-2.238-5-5 0-2.761 2.239-5 5-5 2.762 0 5 2.239 5 5 0 2.762-2.238 5-5 5Z"/><circle cx="12" cy="12" r="3"/></svg>';

function renderMessage(m, header) {
  const author = person(m.authorId);
  const ctx = markdownContext();
  const content = renderMarkdown(m.content, ctx);
  const node = el('div', { class: 'msg', 'data-id': m.id, 'data-ephemeral': m.ephemeral ? 'true' : null });
  if (header) node.classList.add('has-header');
  if (m.ephemeral) node.classList.add('ephemeral');
  if (m.command) {
    const user = person(m.command.userId);
    node.append(
      el('div', { class: 'msg-reply' }, [
        avatar(user, 'tiny'),
        el('span', { class: 'reply-name', text: user.displayName }),
        el('span', { text: ' used ' }),
        el('span', { class: 'reply-command', text: `/${commandLabel(m.command.name)}` }),
      ]),
    );
  }
  if (header) {
    node.append(el('div', { class: 'msg-avatar' }, [avatar(author)]));
    node.append(
      el('div', { class: 'msg-header' }, [
        el('span', { class: 'msg-author', style: author.bot ? null : `color:${author.color}`, text: author.displayName }),
        author.bot ? el('span', { class: 'app-tag', text: 'APP' }) : null,
        el('time', { class: 'msg-time', datetime: new Date(m.createdAt).toISOString(), text: formatTime(m.createdAt, state.view.now) }),
      ]),
    );
  } else {
    node.append(el('span', { class: 'msg-side-time', text: new Date(m.createdAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }) }));
  }
  const body = el('div', { class: 'msg-body' });
  if (m.loading) {
    body.append(el('div', { class: 'thinking' }, [el('span', { text: `${author.displayName} is thinking` }), el('span', { class: 'dots' })]));
  } else if (m.content) {
    const text = el('div', { class: 'msg-content', html: content.html });
    if (m.edited) (text.lastElementChild ?? text).append(el('span', { class: 'msg-edited', title: 'edited', text: '(edited)' }));
    body.append(text);
  }
  // Mentions ping from a text display as from the content (a Components V2 message has only those).
  if ((m.content ? content : renderMarkdown(m.text, ctx)).mentioned && !m.ephemeral) node.classList.add('mentioned');
  // As Discord shows them: the attachments (the board), then the embeds (the phone picture under it).
  if (m.attachments.length) body.append(el('div', { class: 'attachments' }, m.attachments.map(renderAttachment)));
  for (const embed of m.embeds) body.append(renderEmbed(embed, ctx));
  if (m.components.length) body.append(el('div', { class: 'components' }, m.components.map((c) => renderComponent(c, m, ctx))));
  if (m.ephemeral) {
    body.append(
      el('div', { class: 'ephemeral-note', html: EYE }, [
        el('span', { text: 'Only you can see this' }),
        el('span', { text: '•' }),
        el('button', { type: 'button', class: 'link-button dismiss', onclick: () => dismiss(m.id), text: 'Dismiss message' }),
      ]),
    );
  }
  node.append(body);
  return node;
}

function renderNotice(item) {
  const n = item.notice;
  return el('div', { class: 'msg notice has-header', 'data-notice': n.id }, [
    el('div', { class: 'msg-avatar' }, [el('div', { class: 'avatar', style: 'background:#f23f43', 'aria-hidden': 'true', text: '!' })]),
    el('div', { class: 'msg-header' }, [
      el('span', { class: 'msg-author', text: 'Discord' }),
      el('span', { class: 'app-tag', text: 'SYSTEM' }),
      el('time', { class: 'msg-time', text: formatTime(n.at, state.view.now) }),
    ]),
    el('div', { class: 'msg-body' }, [
      el('div', { class: 'msg-content', text: n.text }),
      el('div', { class: 'ephemeral-note', html: EYE }, [el('span', { text: 'Only you can see this' })]),
    ]),
  ]);
}

function commandLabel(key) {
  const form = state.boot.commands.find((c) => c.key === key);
  return form ? loc(form.label) : key;
}

function renderAttachment(a) {
  if (a.contentType && a.contentType.startsWith('image/')) {
    const img = el('img', { class: 'attachment-img', src: a.url, alt: a.description ?? a.filename, width: a.width, height: a.height, loading: 'eager' });
    img.addEventListener('load', () => {
      const scroller = $('messages');
      if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < img.clientHeight + 120) scrollToBottom();
    });
    return el('a', { class: 'attachment-image', href: a.url, target: '_blank', onclick: (event) => openLightbox(event, a) }, [img]);
  }
  return el('a', { class: 'attachment-file', href: a.url, target: '_blank', download: a.filename }, [el('span', { class: 'app-tag', text: 'FILE' }), el('span', { text: `${a.filename} (${Math.ceil(a.size / 1024)} KB)` })]);
}

function openLightbox(event, a) {
  event.preventDefault();
  $('lightbox-image').src = a.url;
  $('lightbox-image').alt = a.description ?? a.filename;
  $('lightbox-open').href = a.url;
  $('lightbox').hidden = false;
}

function renderEmbed(e, ctx) {
  const colour = e.color !== undefined ? `#${e.color.toString(16).padStart(6, '0')}` : '#1e1f22';
  const parts = [];
  if (e.thumbnail?.url) parts.push(el('img', { class: 'embed-thumbnail', src: e.thumbnail.url, alt: '' }));
  if (e.author?.name) parts.push(el('div', { class: 'embed-author', text: e.author.name }));
  if (e.title) {
    const title = el('div', { class: 'embed-title', html: renderInline(e.title, ctx) });
    parts.push(e.url ? el('a', { class: 'md-link', href: e.url, target: '_blank', rel: 'noopener' }, [title]) : title);
  }
  if (e.description) parts.push(el('div', { class: 'embed-description', html: renderMarkdown(e.description, ctx).html }));
  if (e.fields?.length) {
    parts.push(
      el(
        'div',
        { class: 'embed-fields' },
        e.fields.map((f) =>
          el('div', { class: `embed-field${f.inline ? ' inline' : ''}` }, [
            el('div', { class: 'embed-field-name', html: renderInline(f.name, ctx) }),
            el('div', { class: 'embed-field-value', html: renderMarkdown(f.value, ctx).html }),
          ]),
        ),
      ),
    );
  }
  if (e.image?.url) parts.push(el('div', { class: 'embed-image' }, [el('img', { src: e.image.url, alt: '' })]));
  if (e.footer?.text || e.timestamp) {
    parts.push(el('div', { class: 'embed-footer', text: [e.footer?.text, e.timestamp ? formatTime(Date.parse(e.timestamp), state.view.now) : null].filter(Boolean).join(' • ') }));
  }
  return el('div', { class: 'embed', style: `border-left-color:${colour}` }, parts);
}

// ----- components ---------------------------------------------------------------------------------------

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'primary' };

function renderComponent(c, m, ctx) {
  switch (c.type) {
    case 1:
      return el('div', { class: 'row' }, c.components.map((child) => renderComponent(child, m, ctx)));
    case 2:
      return renderButton(c, m);
    case 3:
    case 5:
    case 6:
    case 7:
    case 8:
      return renderSelect(c, m);
    case 9:
      return el('div', { class: 'section' }, [
        el('div', { class: 'section-text' }, c.components.map((child) => renderComponent(child, m, ctx))),
        c.accessory ? renderComponent(c.accessory, m, ctx) : null,
      ]);
    case 10:
      return el('div', { class: 'text-display', html: renderMarkdown(c.content, ctx).html });
    case 11:
      return el('img', { class: 'embed-thumbnail', src: mediaUrl(c.media?.url, m), alt: c.description ?? '' });
    case 12:
      return renderGallery(c.items ?? [], m);
    case 14:
      return el('hr', { class: `separator${c.divider === false ? ' invisible' : ''}` });
    case 17:
      return el('div', { class: 'container', style: c.accent_color != null ? `--accent:#${c.accent_color.toString(16).padStart(6, '0')}` : null }, c.components.map((child) => renderComponent(child, m, ctx)));
    default:
      return el('div', { class: 'md-subtext', text: `(component type ${c.type} is not shown by the playground)` });
  }
}

/** A media gallery as Discord lays it out: one picture at the full width, more in a grid; each opens large. */
function renderGallery(items, m) {
  return el(
    'div',
    { class: `gallery${items.length === 1 ? ' single' : ''}` },
    items.map((item) => {
      const shown = { url: mediaUrl(item.media?.url, m), description: item.description ?? null, filename: '' };
      const img = el('img', { class: 'gallery-img', src: shown.url, alt: shown.description ?? '', width: item.media?.width, height: item.media?.height, loading: 'eager' });
      return el('a', { class: 'gallery-item', href: shown.url, target: '_blank', onclick: (event) => openLightbox(event, shown) }, [img]);
    }),
  );
}

function mediaUrl(url, m) {
  if (typeof url === 'string' && url.startsWith('attachment://')) {
    const name = url.slice('attachment://'.length);
    return m.attachments.find((a) => a.filename === name)?.url ?? '';
  }
  return url ?? '';
}

/** A component's emoji: a custom one by its picture (the app's own, named in its alt text), a Unicode one as text. */
function emojiNode(emoji) {
  if (!emoji?.name) return null;
  if (emoji.id) return el('img', { class: 'btn-emoji emoji-image', src: `/emojis/${emoji.id}.png`, alt: `:${emoji.name}:`, title: `:${emoji.name}:` });
  return el('span', { class: 'btn-emoji', text: emoji.name });
}

function renderButton(c, m) {
  const style = BUTTON_STYLES[c.style] ?? 'secondary';
  const label = [emojiNode(c.emoji), c.label ? el('span', { text: c.label }) : null];
  if (c.style === 5) {
    return el('a', { class: 'btn btn-link', href: c.url, target: '_blank', rel: 'noopener noreferrer', 'aria-disabled': c.disabled ? 'true' : null }, [...label, el('span', { text: '↗' })]);
  }
  const button = el('button', { type: 'button', class: `btn btn-${style}`, 'data-custom-id': c.custom_id, disabled: Boolean(c.disabled) }, label);
  button.addEventListener('click', () => {
    if (button.classList.contains('pending')) return;
    button.classList.add('pending');
    setTimeout(() => button.classList.remove('pending'), 4000);
    send('/api/button', { user: state.userId, message: m.id, customId: c.custom_id });
  });
  return button;
}

/** The options of a select: string selects carry them; user and channel selects list the local ones. */
function selectOptions(c) {
  if (c.type === 3) return c.options ?? [];
  if (c.type === 5) return state.boot.users.map((u) => ({ label: u.displayName, value: u.id, description: u.name }));
  if (c.type === 8) return state.boot.channels.map((ch) => ({ label: `#${ch.name}`, value: ch.id }));
  return [];
}

let openSelect = null;

function closeOpenSelect() {
  if (openSelect) openSelect();
  openSelect = null;
}

function renderSelect(c, m) {
  const options = selectOptions(c);
  const min = c.min_values ?? 1;
  const max = c.max_values ?? 1;
  const chosen = new Set(options.filter((o) => o.default).map((o) => o.value));
  const wrapper = el('div', { class: `select${c.disabled || options.length === 0 ? ' disabled' : ''}`, 'data-custom-id': c.custom_id });
  const trigger = el('button', { type: 'button', class: 'select-trigger', 'aria-haspopup': 'listbox', 'aria-expanded': 'false', disabled: Boolean(c.disabled) || options.length === 0 });
  const label = () => {
    const picked = options.filter((o) => chosen.has(o.value));
    trigger.classList.toggle('chosen', picked.length > 0);
    trigger.replaceChildren(el('span', { text: picked.length ? picked.map((o) => o.label).join(', ') : (c.placeholder ?? 'Make a selection') }));
  };
  label();
  const submit = () => {
    const values = [...chosen];
    if (values.length < min || values.length > max) return;
    trigger.classList.add('pending');
    setTimeout(() => trigger.classList.remove('pending'), 4000);
    send('/api/select', { user: state.userId, message: m.id, customId: c.custom_id, values });
  };
  const menu = el('div', { class: 'select-menu', role: 'listbox', 'aria-multiselectable': max > 1 ? 'true' : null, hidden: true });
  const initial = [...chosen].sort().join('\n');
  for (const o of options) {
    const option = el('div', { class: `select-option${chosen.has(o.value) ? ' selected' : ''}`, role: 'option', tabindex: '0', 'data-value': o.value, 'aria-selected': chosen.has(o.value) ? 'true' : 'false' }, [
      emojiNode(o.emoji),
      el('div', { class: 'select-option-text' }, [el('div', { class: 'select-option-label', text: o.label }), o.description ? el('div', { class: 'select-option-description', text: o.description }) : null]),
      max > 1 ? el('span', { class: 'select-check', 'aria-hidden': 'true' }) : null,
    ]);
    const pick = () => {
      if (max === 1) {
        chosen.clear();
        chosen.add(o.value);
        label();
        close(false);
        submit();
        return;
      }
      if (chosen.has(o.value)) chosen.delete(o.value);
      else if (chosen.size < max) chosen.add(o.value);
      option.classList.toggle('selected', chosen.has(o.value));
      option.setAttribute('aria-selected', chosen.has(o.value) ? 'true' : 'false');
      label();
    };
    option.addEventListener('click', (event) => {
      event.stopPropagation();
      pick();
    });
    option.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        pick();
      }
    });
    menu.append(option);
  }
  // A multi-select sends when it closes, as Discord's does.
  const close = (sendMulti = true) => {
    if (menu.hidden) return;
    menu.hidden = true;
    wrapper.classList.remove('open');
    trigger.setAttribute('aria-expanded', 'false');
    openSelect = null;
    if (sendMulti && max > 1 && [...chosen].sort().join('\n') !== initial) submit();
  };
  trigger.addEventListener('click', (event) => {
    event.stopPropagation();
    if (!menu.hidden) {
      close();
      return;
    }
    closeOpenSelect();
    const rect = trigger.getBoundingClientRect();
    wrapper.classList.toggle('drop-up', window.innerHeight - rect.bottom < 240 && rect.top > window.innerHeight - rect.bottom);
    menu.hidden = false;
    wrapper.classList.add('open');
    trigger.setAttribute('aria-expanded', 'true');
    openSelect = () => close();
  });
  wrapper.append(trigger, menu);
  return wrapper;
}

async function send(path, body) {
  showError('');
  try {
    await api(path, body);
  } catch (error) {
    showError(error.message);
    void refresh();
  }
}

async function dismiss(messageId) {
  await send('/api/dismiss', { user: state.userId, message: messageId });
}

// ----- the command box ----------------------------------------------------------------------------------

function commandMatches(text) {
  const typed = text.replace(/^\//, '').trim().toLowerCase();
  return state.boot.commands.filter((c) => {
    const names = [loc(c.label), c.label.default].map((n) => n.toLowerCase());
    return typed === '' || names.some((n) => n.startsWith(typed) || n.split(' ').some((w) => w.startsWith(typed)));
  });
}

function renderPopup() {
  const popup = $('command-popup');
  const text = $('composer-input').value;
  if (state.command || !text.startsWith('/')) {
    popup.hidden = true;
    return;
  }
  const matches = commandMatches(text);
  if (matches.length === 0) {
    popup.hidden = true;
    return;
  }
  state.popupIndex = Math.min(state.popupIndex, matches.length - 1);
  popup.replaceChildren(
    el('div', { class: 'command-popup-title', text: state.boot.bot.displayName }),
    ...matches.map((c, i) =>
      el(
        'div',
        {
          class: 'command-item',
          role: 'option',
          'data-command': c.key,
          'aria-selected': i === state.popupIndex ? 'true' : 'false',
          onmousedown: (event) => {
            event.preventDefault();
            chooseCommand(c);
          },
        },
        [
          el('span', { class: 'command-name', text: `/${loc(c.label)}` }),
          el('span', { class: 'command-args', text: c.options.map((o) => (o.required ? loc(o.label) : `[${loc(o.label)}]`)).join(' ') }),
          el('span', { class: 'command-description', text: loc(c.description) }),
        ],
      ),
    ),
  );
  popup.hidden = false;
}

function chooseCommand(form) {
  state.command = form;
  $('composer-input').value = '';
  showError('');
  renderComposer();
  const first = $('composer-options').querySelector('input, select');
  (first ?? $('composer-input')).focus();
}

function clearCommand() {
  state.command = null;
  renderComposer();
  $('composer-input').focus();
}

function optionControl(o) {
  const attrs = { name: o.name, 'data-option': o.name, required: o.required, 'aria-label': loc(o.label), title: loc(o.description) };
  if (o.choices) {
    return el('select', attrs, [
      el('option', { value: '', text: o.required ? 'choose…' : '—' }),
      ...o.choices.map((ch) => el('option', { value: String(ch.value), text: loc(ch.label) })),
    ]);
  }
  switch (o.kind) {
    case 'integer':
    case 'number': {
      const input = el('input', { ...attrs, type: 'number', min: o.min, max: o.max, step: o.kind === 'integer' ? '1' : 'any', placeholder: o.min !== null && o.max !== null ? `${o.min}–${o.max}` : '' });
      // A number the bot suggests (a game's number: /game replay, the `game` option), as in a text box.
      return o.autocomplete ? withSuggestions(o, input) : input;
    }
    case 'boolean':
      return el('select', attrs, [el('option', { value: '', text: '—' }), el('option', { value: 'true', text: 'True' }), el('option', { value: 'false', text: 'False' })]);
    case 'user':
      return el('select', attrs, [el('option', { value: '', text: '—' }), ...state.boot.users.map((u) => el('option', { value: u.id, text: `@${u.displayName}` }))]);
    case 'channel':
      return el('select', attrs, [el('option', { value: '', text: '—' }), ...state.boot.channels.map((c) => el('option', { value: c.id, text: `#${c.name}` }))]);
    default: {
      const input = el('input', { ...attrs, type: 'text', minlength: o.minLength, maxlength: o.maxLength, placeholder: o.autocomplete ? 'type or pick' : '' });
      return o.autocomplete ? withSuggestions(o, input) : input;
    }
  }
}

/** The input with the bot's suggestions for option `o` (autocomplete), asked for as the user focuses or types. */
function withSuggestions(o, input) {
  const list = el('datalist', { id: `suggest-${o.name}` });
  input.setAttribute('list', list.id);
  const load = () => void suggest(o, input, list);
  input.addEventListener('focus', load);
  input.addEventListener('input', load);
  return el('span', {}, [input, list]);
}

async function suggest(option, input, list) {
  const values = formValues();
  const params = new URLSearchParams({ user: state.userId, command: state.command.key, option: option.name, typed: input.value, values: JSON.stringify(values) });
  try {
    const choices = await api(`/api/autocomplete?${params}`);
    list.replaceChildren(...choices.map((c) => el('option', { value: c.value, label: c.name, text: c.name })));
  } catch {
    list.replaceChildren();
  }
}

function formValues() {
  const values = {};
  for (const control of $('composer-options').querySelectorAll('[data-option]')) if (control.value !== '') values[control.dataset.option] = control.value;
  return values;
}

function renderComposer() {
  const form = state.command;
  const chip = $('composer-command');
  chip.hidden = !form;
  chip.replaceChildren(
    ...(form
      ? [
          el('span', { text: `/${loc(form.label)}` }),
          el('button', { type: 'button', class: 'composer-clear', title: 'Clear the command (Esc)', 'aria-label': 'Clear the command', onclick: clearCommand, text: '×' }),
        ]
      : []),
  );
  chip.title = form ? loc(form.description) : '';
  $('composer-options').replaceChildren(
    ...(form
      ? form.options.map((o) =>
          el('label', { class: `opt${o.required ? ' required' : ''}`, title: loc(o.description) }, [el('span', { class: 'opt-name', text: loc(o.label) }), optionControl(o)]),
        )
      : []),
  );
  renderComposerPlace(currentPlace());
  renderPopup();
}

/** The bot takes commands in the server's channels, their threads and the user's direct messages with it. */
function renderComposerPlace(place) {
  const form = state.command;
  const input = $('composer-input');
  const starting = state.boot.ready === false;
  const closed = starting;
  input.disabled = closed;
  $('composer-send').disabled = closed;
  input.placeholder = starting
    ? 'starting… the bot takes commands once it is ready'
    : form
      ? form.options.length
        ? ''
        : 'Enter sends'
      : `Message ${placeTitle(place)} — type / for commands`;
  input.hidden = Boolean(form && form.options.length);
}

async function submitComposer(event) {
  event.preventDefault();
  const input = $('composer-input');
  if (!state.command) {
    const matches = input.value.startsWith('/') ? commandMatches(input.value) : [];
    if (matches.length) {
      chooseCommand(matches[Math.min(state.popupIndex, matches.length - 1)]);
      return;
    }
    if (input.value.trim() !== '') showError('The bot reads no chat messages: use its slash commands (type /).');
    return;
  }
  const missing = state.command.options.filter((o) => o.required && !formValues()[o.name]);
  if (missing.length) {
    showError(`Fill in ${missing.map((o) => loc(o.label)).join(', ')}.`);
    $('composer-options').querySelector(`[data-option="${missing[0].name}"]`)?.focus();
    return;
  }
  const form = state.command;
  const options = formValues();
  $('composer-send').disabled = true;
  try {
    await api('/api/command', { user: state.userId, channel: state.channelId, command: form.key, options });
    showError('');
    state.command = null;
    renderComposer();
    input.focus();
  } catch (error) {
    showError(error.message);
  } finally {
    $('composer-send').disabled = false;
  }
}

function composerKeys(event) {
  const popup = $('command-popup');
  if (!popup.hidden) {
    const matches = commandMatches($('composer-input').value);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      state.popupIndex = (state.popupIndex + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length;
      renderPopup();
      return;
    }
    if (event.key === 'Tab') {
      event.preventDefault();
      chooseCommand(matches[state.popupIndex]);
      return;
    }
  }
  if (event.key === 'Escape') {
    $('composer-input').value = '';
    showError('');
    if (state.command) clearCommand();
    else renderPopup();
  }
  if (event.key === 'Backspace' && state.command && $('composer-input').value === '' && event.target === $('composer-input')) clearCommand();
}

// ----- wiring -------------------------------------------------------------------------------------------

function wire() {
  const input = $('composer-input');
  input.addEventListener('input', () => {
    state.popupIndex = 0;
    renderPopup();
  });
  input.addEventListener('focus', renderPopup);
  // Closes the list a moment after the box loses focus (a click on an item lands first); not when the box
  // has the focus again by then, or a blur from long ago would close the list just opened.
  input.addEventListener('blur', () =>
    setTimeout(() => {
      if (document.activeElement !== input) $('command-popup').hidden = true;
    }, 120),
  );
  $('composer').addEventListener('keydown', composerKeys);
  $('composer').addEventListener('submit', submitComposer);
  $('locale').addEventListener('change', async (event) => {
    try {
      await api('/api/locale', { user: state.userId, locale: event.target.value });
      state.boot = await api('/api/bootstrap');
      renderSidebar();
      renderComposer();
      await refresh();
    } catch (error) {
      showError(error.message);
    }
  });
  for (const button of document.querySelectorAll('[data-advance]')) {
    button.addEventListener('click', () => send('/api/clock', { advanceMs: Number(button.dataset.advance) }));
  }
  $('lightbox').addEventListener('click', (event) => {
    if (event.target.id !== 'lightbox-open') $('lightbox').hidden = true;
  });
  document.addEventListener('click', () => closeOpenSelect());
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      closeOpenSelect();
      $('lightbox').hidden = true;
    }
  });
  document.addEventListener('click', (event) => {
    if (event.target.classList?.contains('md-spoiler')) event.target.classList.add('revealed');
  });
  $('messages').addEventListener('click', followLink);
  // On a narrow screen the sidebar is folded away: the button opens it, choosing a place or user closes it.
  $('sidebar-toggle').addEventListener('click', () => setSidebarOpen(!$('app').classList.contains('sidebar-open')));
  $('sidebar-scrim').addEventListener('click', () => setSidebarOpen(false));
  for (const list of ['channels', 'direct-messages', 'users']) {
    $(list).addEventListener('click', (event) => {
      if (event.target.closest('button')) setSidebarOpen(false);
    });
  }
}

function setSidebarOpen(open) {
  $('app').classList.toggle('sidebar-open', open);
  $('sidebar-toggle').setAttribute('aria-expanded', String(open));
}

wire();
boot().then(connect, (error) => showError(`The playground did not answer: ${error.message}`));
