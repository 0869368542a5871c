/** The page's Discord markdown renderer (src/playground/public/markdown.js), in Node. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, relativeTime, renderInline, renderMarkdown } from '../../src/playground/public/markdown.js';

const people = new Map([
  ['111111111111111111', { displayName: 'Alice' }],
  ['222222222222222222', { displayName: 'Bob <b>' }],
]);
const ctx = { people, channels: new Map([['333333333333333333', 'general']]), me: '111111111111111111', now: Date.UTC(2026, 0, 1) };

describe('markdown', () => {
  it('escapes everything that is not markdown', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>', ctx).html).toBe(
      '<div class="md-p">&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</div>',
    );
  });

  it('bold, italic, underline, strike, spoiler; escaped markers stay literal', () => {
    expect(renderInline('**Your decision**: move *now* or __later__ ~~never~~ ||secret||')).toBe(
      '<strong>Your decision</strong>: move <em>now</em> or <u>later</u> <s>never</s> <span class="md-spoiler" tabindex="0">secret</span>',
    );
    expect(renderInline('2 \\* 3 \\* 4 and snake_case_name')).toBe('2 * 3 * 4 and snake_case_name');
    expect(renderInline('***both***')).toBe('<strong><em>both</em></strong>');
  });

  it('a backslash before any punctuation shows the character itself, as Discord does', () => {
    expect(renderInline('Bot 2 \\(easy\\) and Bot 3 \\[hard\\]')).toBe('Bot 2 (easy) and Bot 3 [hard]');
    expect(renderInline('\\<b\\> \\# \\- \\. \\! stays text')).toBe('&lt;b&gt; # - . ! stays text');
    // Letters, digits and spaces are not escapable: the backslash stays.
    expect(renderInline('C:\\dir \\1')).toBe('C:\\dir \\1');
  });

  it('mentions show display names (escaped), ping the viewer, and survive emphasis around them', () => {
    const out = renderMarkdown('**<@111111111111111111>**: your decision. Waiting for <@!222222222222222222> in <#333333333333333333>', ctx);
    expect(out.mentioned).toBe(true);
    expect(out.html).toContain('<strong><span class="md-mention md-mention-me" data-user="111111111111111111">@Alice</span></strong>');
    expect(out.html).toContain('<span class="md-mention" data-user="222222222222222222">@Bob &lt;b&gt;</span>');
    expect(out.html).toContain('<span class="md-mention" data-channel="333333333333333333">#general</span>');
    expect(renderMarkdown('<@222222222222222222> only', ctx).mentioned).toBe(false);
    expect(renderMarkdown('<@999999999999999999>', ctx).html).toContain('@unknown-user');
  });

  it('inline code and code blocks are not markdown', () => {
    expect(renderInline('use `**not bold** <@111111111111111111>` here', ctx)).toBe('use <code class="md-code">**not bold** &lt;@111111111111111111&gt;</code> here');
    expect(renderMarkdown('before\n```js\nconst a = 1 < 2;\n**x**\n```\nafter', ctx).html).toBe(
      '<div class="md-p">before</div><pre class="md-pre"><code>const a = 1 &lt; 2;\n**x**</code></pre><div class="md-p">after</div>',
    );
  });

  it('headings, subtext, quotes and lists', () => {
    const html = renderMarkdown('# Title\n-# small print\n> quoted\n> more\n- one\n- two\n1. first\nplain\nsecond line', ctx).html;
    expect(html).toBe(
      '<div class="md-h1">Title</div><div class="md-subtext">small print</div>' +
        '<blockquote class="md-quote"><div class="md-p">quoted<br>more</div></blockquote>' +
        '<ul class="md-list"><li>one</li><li>two</li></ul><ol class="md-list"><li>first</li></ol>' +
        '<div class="md-p">plain<br>second line</div>',
    );
    expect(renderMarkdown('>>> all\nof this', ctx).html).toBe('<blockquote class="md-quote"><div class="md-p">all<br>of this</div></blockquote>');
  });

  it('links only to http(s); masked links; timestamps', () => {
    expect(renderInline('see https://example.com/rules.')).toBe('see <a class="md-link" href="https://example.com/rules" target="_blank" rel="noopener noreferrer">https://example.com/rules</a>.');
    expect(renderInline('[the rules](https://example.com/r)')).toBe('<a class="md-link" href="https://example.com/r" target="_blank" rel="noopener noreferrer">the rules</a>');
    expect(renderInline('[click](javascript:alert(1))')).not.toContain('<a');
    const soon = Math.floor(ctx.now / 1000) + 3 * 3600;
    expect(renderInline(`due <t:${soon}:R>`, ctx)).toMatch(/^due <span class="md-timestamp" title="[^"]+">in 3 hours<\/span>$/);
    expect(relativeTime(ctx.now - 60_000, ctx.now)).toBe('1 minute ago');
  });
});
