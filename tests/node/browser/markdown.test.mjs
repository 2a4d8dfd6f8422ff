// The browser panel renders the host's Markdown tree with the same structure for every message of
// the shared fixture (tests/markdown/fixtures/messages.json), and nothing in those messages runs.
// The DOM of each rendered message is read back into the tree format and compared with the host's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, openPanel, requireEnvironment, screenshot, sendMessage, startStack, stopAll } from './stack.mjs';

const fixturePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'markdown', 'fixtures', 'messages.json');
const fixture = JSON.parse(fs.readFileSync(fixturePath, 'utf8'));
// The real CLI drops text blocks without visible text, so those only take the in-page check.
const sentMessages = fixture.messages.filter((message) => message.text.trim() !== '');

// Runs in the page: a rendered message body → the protocol's tree format. It reads only what a
// user sees (elements and text), ignoring the Copy button and the language badge of code blocks.
function readRenderedTree(body) {
  const inlineOf = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return { type: 'text', text: node.textContent };
    const tag = node.tagName.toLowerCase();
    if (tag === 'br') return { type: 'break' };
    if (tag === 'code') return { type: 'code', text: node.textContent };
    if (tag === 'em' || tag === 'strong') return { type: tag === 'em' ? 'emphasis' : 'strong', inlines: inlinesOf(node) };
    if (tag === 'a') {
      const asset = node.dataset.asset !== undefined;
      const target = asset ? node.dataset.asset : node.getAttribute('href');
      const kind = asset ? 'asset' : target.startsWith('mailto:') ? 'mail' : 'web';
      return { type: 'link', target, kind, inlines: inlinesOf(node) };
    }
    return { type: `unexpected <${tag}>` };
  };
  // Adjacent text nodes are one run, as in the tree.
  const inlinesOf = (parent) => {
    const runs = [];
    for (const child of parent.childNodes) {
      const run = inlineOf(child);
      if (run.type === 'text' && runs.at(-1)?.type === 'text') runs.at(-1).text += run.text;
      else runs.push(run);
    }
    return runs;
  };
  const rowOf = (row) => [...row.children].map(inlinesOf);
  const blockOf = (node) => {
    const tag = node.tagName.toLowerCase();
    if (tag === 'p') return { type: 'paragraph', inlines: inlinesOf(node) };
    if (/^h[1-6]$/.test(tag)) return { type: 'heading', level: Number(tag[1]), inlines: inlinesOf(node) };
    if (tag === 'hr') return { type: 'rule' };
    if (tag === 'blockquote') return { type: 'quote', blocks: [...node.children].map(blockOf) };
    if (tag === 'pre') return { type: 'code', language: node.dataset.language, text: node.querySelector('code').textContent };
    if (tag === 'ul') return { type: 'list', ordered: false, items: [...node.children].map((item) => [...item.children].map(blockOf)) };
    if (tag === 'ol') return { type: 'list', ordered: true, start: node.start, items: [...node.children].map((item) => [...item.children].map(blockOf)) };
    if (tag === 'div' && node.className === 'table-scroll') {
      const table = node.querySelector('table');
      const header = table.querySelector('thead tr');
      return { type: 'table', align: [...header.children].map((cell) => cell.style.textAlign || 'none'), header: rowOf(header),
        rows: [...table.querySelectorAll('tbody tr')].map(rowOf) };
    }
    return { type: `unexpected <${tag}>` };
  };
  if (body.classList.contains('plain')) return { plain: body.textContent };
  return { version: 1, blocks: [...body.children].map(blockOf) };
}

// The page's Content-Security-Policy refuses eval; DevTools' own evaluation is not bound by it.
async function installReader(page) {
  await page.evaluate(`window.readRenderedTree = ${readRenderedTree.toString()}`);
}

// What the page should show for a tree: the tree itself, or the text as plain text past a limit.
function shownFor(message, tree) {
  return tree.fallback ? { plain: message.text } : tree;
}

let stack;
let browser;
let page; // one sign-in: its code is good for one use

before(async () => {
  requireEnvironment();
  stack = await startStack([{ blocks: sentMessages.map((message) => ({ text: message.text })) }]);
  browser = await launchBrowser();
  page = await openPanel(browser, stack.host.signIn);
});

after(async () => {
  await browser?.close();
  await stack?.host.stop();
  await stopAll();
});

describe('markdown fixture', () => {
  it('the panel renders every fixture tree with the same structure', async () => {
    await installReader(page);
    const results = await page.evaluate(async (messages) => {
      const { renderAssistantBody } = await import('/markdown_tree.js');
      return messages.map((message) => window.readRenderedTree(renderAssistantBody({ text: message.text, markdown: message.expected })));
    }, fixture.messages);
    assert.ok(fixture.messages.length >= 30);
    fixture.messages.forEach((message, index) =>
      assert.deepEqual(results[index], shownFor(message, message.expected), `fixture message "${message.name}"`));
  });

  it('colours code in a language highlight.js knows, and hostile code stays its own text', async () => {
    const hostile = 'var s = "</code><img src=x onerror=window.__pwned=1>"; // <script>window.__pwned=2</script>\nclass A { }';
    const results = await page.evaluate(async (code) => {
      const { renderAssistantBody } = await import('/markdown_tree.js');
      const body = renderAssistantBody({ text: 'code', markdown: { version: 1, blocks: [
        { type: 'code', language: 'csharp', text: code },
        { type: 'code', language: 'no-such-language', text: 'plain <b>x</b>' },
        { type: 'code', language: 'csharp', text: `// ${'x'.repeat(200 * 1024)}` }] } });
      document.getElementById('transcript').append(body);
      return [...body.querySelectorAll('pre code')].map((node) => ({
        className: node.className, text: node.textContent, spans: node.querySelectorAll('span').length,
        others: node.querySelectorAll(':not(span)').length, keyword: node.querySelector('.hljs-keyword')?.textContent ?? null,
        colour: node.querySelector('.hljs-keyword') ? getComputedStyle(node.querySelector('.hljs-keyword')).color : null,
      }));
    }, hostile);
    assert.equal(results[0].className, 'hljs', 'a known language is coloured');
    assert.equal(results[0].text, hostile, 'the text is exactly the code');
    assert.ok(results[0].spans > 2, `coloured in spans (${results[0].spans})`);
    assert.equal(results[0].others, 0, 'nothing but spans: no <img>, no <script>');
    assert.equal(results[0].keyword, 'var');
    assert.equal(results[0].colour, 'rgb(136, 57, 196)', 'the theme\'s keyword colour');
    assert.equal(results[1].className, '', 'an unknown language stays plain');
    assert.equal(results[1].spans, 0);
    assert.equal(results[2].className, '', 'a block over 100 KiB stays plain');
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing in the code ran');
    await page.evaluate(() => document.querySelector('#transcript > .body:last-child')?.remove());
  });

  it('a turn of fixture messages arrives with the host tree, renders it, and nothing runs', async () => {
    await sendMessage(page, 'render the fixture');
    await page.waitForSelector('.turn-summary', { timeout: 90000 });
    // The host's events as a new front-end reads them: the snapshot over the real /panel WebSocket.
    const snapshot = await page.evaluate(() => new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${location.host}/panel`);
      socket.onmessage = (event) => { socket.close(); resolve(JSON.parse(event.data)); };
      socket.onerror = () => reject(new Error('the /panel WebSocket failed'));
    }));
    const arrived = snapshot.transcript.filter((item) => item.type === 'assistant_message');
    const byText = new Map(fixture.messages.map((message) => [message.text, message]));
    const matched = arrived.filter((item) => byText.has(item.text));
    assert.equal(matched.length, sentMessages.length,
      `every sent message arrived unchanged; missing: ${sentMessages.filter((m) => !arrived.some((item) => item.text === m.text)).map((m) => m.name)}`);
    for (const item of matched) assert.deepEqual(item.markdown, byText.get(item.text).expected, `host tree of "${byText.get(item.text).name}"`);

    await installReader(page);
    const rendered = await page.$$eval('.message.assistant:not(.streaming) > .body', (bodies) => bodies.map(window.readRenderedTree));
    assert.equal(rendered.length, arrived.length);
    arrived.forEach((item, index) => {
      const message = byText.get(item.text);
      if (message) assert.deepEqual(rendered[index], shownFor(message, item.markdown), `rendered "${message.name}"`);
    });

    const transcript = page.locator('#transcript');
    assert.equal(await transcript.locator('script, img, iframe, object, embed, style').count(), 0, 'no markup from the model reached the DOM');
    const handlers = await page.$$eval('#transcript *', (nodes) => nodes.flatMap((node) => [...node.attributes].map((a) => a.name)).filter((name) => name.startsWith('on')));
    assert.deepEqual(handlers, []);
    for (const link of await transcript.locator('.message.assistant a[href]').all()) {
      assert.match(await link.getAttribute('href'), /^(https?:|mailto:)/);
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    }
    assert.match(await transcript.textContent(), /<color=red>Warning<\/color>/, 'Unity rich text stays literal');
    assert.match(await transcript.textContent(), /List<int>/);
    for (const code of await transcript.locator('.message.assistant pre button.copy-code').all()) await code.click();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing from the fixture ran');
    await screenshot(page, 'markdown-fixture');
  });
});
