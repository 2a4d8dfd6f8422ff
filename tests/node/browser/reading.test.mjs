// The browser panel's everyday behaviour: following new output (a pill leads back when the user
// scrolled away), long words, card focus, denial reasons, destructive commands, Revert only where
// it can act, a language switch, repeated notices, a host restart, the tab icon and a running tool's
// progress. Real host,
// real CLI, scripted fake Messages API, Debian's Chromium.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { openPanel, requireEnvironment, screenshot, sendMessage, stopAll, withStack } from './stack.mjs';

const { catalogues } = await import(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/panel/i18n.js'));

before(() => requireEnvironment());
after(() => stopAll());

// How far the transcript's view is from its end, in pixels.
// How far the transcript's view is from its end, in pixels, once it is at the end or 10 s passed
// (layout settles in frames, so the state is waited for rather than read at once).
async function settledDistanceFromEnd(page) {
  const distance = () => {
    const node = document.getElementById('transcript');
    return node.scrollHeight - node.scrollTop - node.clientHeight;
  };
  await page.waitForFunction(`(${distance})() < 2`, null, { timeout: 10000 }).catch(() => {});
  return page.evaluate(distance);
}

// A long markdown answer: many paragraphs, far taller than the viewport once laid out.
const longAnswer = Array.from({ length: 160 }, (_, index) => `Paragraph ${index}: the quick brown fox jumps over the lazy dog.`).join('\n\n');

describe('following new output', () => {
  it('stays at the end through a long answer and the turns after it; scrolled away, a pill brings the end back', async () => {
    const steps = [{ text: longAnswer }, { text: 'second answer after the long one' }, { text: 'third answer while reading' }];
    await withStack(steps, {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'write a long answer');
      await page.locator('.turn-summary').nth(0).waitFor({ timeout: 60000 });
      const afterLong = await settledDistanceFromEnd(page);
      assert.ok(afterLong < 2, `the long answer's end is in view (${afterLong} px away)`);

      await sendMessage(page, 'and another');
      const second = page.locator('.message.assistant', { hasText: 'second answer after the long one' });
      await second.waitFor({ timeout: 60000 });
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
      const afterNext = await settledDistanceFromEnd(page);
      assert.ok(afterNext < 2, `the next turn streamed into view (${afterNext} px from the end)`);
      assert.equal(await page.isHidden('#jump-latest'), true, 'no pill while following');

      // The user scrolls up to read: new output no longer moves the view, and the pill appears.
      await page.hover('#transcript');
      await page.mouse.wheel(0, -1500);
      await page.waitForFunction(() => {
        const node = document.getElementById('transcript');
        return node.scrollHeight - node.scrollTop - node.clientHeight > 1000;
      }, null, { timeout: 10000 });
      const readingAt = await page.$eval('#transcript', (node) => node.scrollTop);
      await sendMessage(page, 'one more');
      await page.locator('.turn-summary').nth(2).waitFor({ timeout: 60000 });
      await page.locator('#jump-latest').waitFor({ state: 'visible', timeout: 10000 });
      assert.equal(await page.$eval('#transcript', (node) => node.scrollTop), readingAt, 'the view stayed where the user was reading');
      await screenshot(page, 'jump-to-latest');
      await page.click('#jump-latest');
      assert.ok(await settledDistanceFromEnd(page) < 2, 'the pill scrolled to the end');
      assert.equal(await page.isHidden('#jump-latest'), true, 'the pill goes once the end is in view');
    });
  });
});

describe('permission cards', () => {
  it('a new card takes the keyboard (Y allows it); a denied call shows the reason, not an error', async () => {
    const steps = [
      { tool_use: { name: 'mcp__uap__count_words', input: { text: 'one two three' } } },
      { text: 'counted' },
      { tool_use: { name: 'mcp__uap__count_words', input: { text: 'four five' } } },
      { text: 'not counted' },
    ];
    await withStack(steps, {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'count');
      const first = page.locator('.permission-card').first();
      await first.waitFor({ timeout: 60000 });
      await page.waitForFunction(() => document.activeElement?.classList.contains('permission-card'), null, { timeout: 10000 }).catch(() => {});
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'permission-card', 'the card has the focus');
      await page.keyboard.press('y');
      await page.locator('.turn-summary').nth(0).waitFor({ timeout: 60000 });
      assert.match(await page.locator('.tool-card .tool-result').last().textContent(), /"words":\s*3/);

      await sendMessage(page, 'count again');
      const second = page.locator('.permission-card').first();
      await second.waitFor({ timeout: 60000 });
      await second.locator('.deny-message').fill('Counting is not needed (marker 6617).');
      await second.locator('.deny').click();
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
      assert.ok(fake.mainRequests().some((request) => JSON.stringify(request.body).includes('marker 6617')), 'the model was told why');
      const denied = page.locator('.tool-card').last();
      assert.equal(await denied.getAttribute('open'), null, 'the card is still closed');
      assert.equal(await denied.evaluate((node) => node.classList.contains('error')), false, 'a denial is not shown as an error');
      const reason = denied.locator('summary .tool-reason');
      assert.equal(await reason.textContent(), 'Counting is not needed (marker 6617).');
      assert.equal(await reason.isVisible(), true, 'the reason shows on the closed card');
      assert.match(await denied.locator('.tool-state').textContent(), /denied by you/);
      await screenshot(page, 'denied-call');
    });
  });
});

describe('long words', () => {
  it('wraps very long words and URLs in messages, tool cards and permission cards instead of cutting them off', async () => {
    const word = `Supercalifragilistic${'x'.repeat(400)}End`;
    const url = `https://example.com/${'segment/'.repeat(60)}end`;
    const answer = `A long word ${word} and a link [here](${url}) and a bare ${url} and \`${word}\`.`;
    const steps = (project) => [
      { tool_use: { name: 'Write', input: { file_path: `${project}/Assets/${'d'.repeat(200)}.txt`, content: word } } },
      { text: answer },
    ];
    await withStack(steps, {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, `please handle ${word}`);
      const card = page.locator('.permission-card').first();
      await card.waitFor({ timeout: 60000 });
      const cut = () => page.evaluate(() => {
        // Every block whose content is wider than itself, with the distance it overflows.
        const overflowing = [];
        for (const node of document.querySelectorAll('#transcript *, #permissions *')) {
          const style = getComputedStyle(node);
          if (style.display === 'inline' || node.closest('pre.diff, .markdown pre')) continue;
          if (node.scrollWidth > node.clientWidth + 1)
            overflowing.push(`${node.tagName.toLowerCase()}.${node.className}: ${node.scrollWidth - node.clientWidth} px`);
        }
        const view = document.getElementById('view-chat');
        if (view.scrollWidth > view.clientWidth + 1) overflowing.push(`the chat view: ${view.scrollWidth - view.clientWidth} px`);
        return overflowing;
      });
      assert.deepEqual(await cut(), [], 'nothing on the card is cut off');
      await card.locator('.allow').click();
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      await page.locator('.tool-card summary').first().click();
      assert.deepEqual(await cut(), [], 'nothing in the transcript is cut off');
      await screenshot(page, 'long-words');
    });
  });
});

describe('tab icon', () => {
  it('declares an icon the host serves like its other files, and the page loads with no missing file', async () => {
    await withStack([{ text: 'unused' }], {}, async ({ host, browser }) => {
      const missing = [];
      browser.on('response', (response) => { if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`); });
      const page = await openPanel(browser, host.signIn);
      const href = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.href ?? '');
      assert.ok(href.startsWith(`${host.origin}/`), `the page names its icon: "${href}"`);
      const size = await page.evaluate((source) => new Promise((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => resolve(0);
        image.src = source;
      }), href);
      assert.ok(size > 0, 'the icon loads as an image');
      const response = await page.request.get(href);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['content-type'], 'image/svg+xml');
      assert.equal(response.headers()['x-content-type-options'], 'nosniff', 'served with the static files\' headers');
      assert.deepEqual(missing, [], 'every file the page asked for exists');
    });
  });
});

describe('language switch', () => {
  it('draws the messages, tool cards, summaries and a waiting card again in the new language', async () => {
    const steps = [
      { tool_use: { name: 'mcp__uap__echo', input: { text: 'ping' } } },
      { text: 'echoed' },
      { tool_use: { name: 'mcp__uap__count_words', input: { text: 'one two' } } },
      { text: 'counted' },
    ];
    await withStack(steps, { settings: { auto_approve: 'read_only' } }, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'echo please');
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      await sendMessage(page, 'count please');
      await page.locator('.permission-card').first().waitFor({ timeout: 60000 });
      const { en, ja } = catalogues;
      assert.equal(await page.locator('.message.user .role').first().textContent(), en['transcript.you']);

      await page.click('nav [data-view="settings"]');
      await page.selectOption('#settings-language', 'ja');
      await page.click('nav [data-view="chat"]');
      await page.locator('.permission-card .allow', { hasText: ja['permission.allow'] }).waitFor({ timeout: 10000 }).catch(() => {});
      assert.deepEqual(await page.locator('.message.user .role').allTextContents(), [ja['transcript.you'], ja['transcript.you']]);
      assert.equal(await page.locator('.message.assistant .role').first().textContent(), ja['transcript.agent']);
      assert.match(await page.locator('.tool-card .tool-state').first().textContent(), new RegExp(`^${ja['tool.done']}`));
      assert.match(await page.locator('.turn-summary').first().textContent(), new RegExp(`^${ja['summary.finished']}`));
      assert.equal(await page.locator('.permission-card .allow').textContent(), ja['permission.allow']);
      assert.equal(await page.locator('.permission-card .deny').textContent(), ja['permission.deny']);
      await screenshot(page, 'language-switched');
    });
  });
});

describe('turn revert', () => {
  it('offers "Revert turn" only on a turn that changed the editor under Undo', async () => {
    const steps = (project) => [
      { text: 'just talking' },
      { tool_use: { name: 'Write', input: { file_path: `${project}/Assets/notes.txt`, content: 'a note' } } },
      { text: 'wrote a file' },
      { tool_use: { name: 'mcp__uap__uap_scene_create_object', input: { name: 'Revertible Crate', primitiveType: 'Cube' } } },
      { text: 'placed a crate' },
    ];
    const settings = { auto_approve: 'all_unity_tools', always_allow: ['Write(Assets/**)'] };
    await withStack(steps, { settings }, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      for (const [index, text] of ['talk', 'write a note', 'place a crate'].entries()) {
        await sendMessage(page, text);
        await page.locator('.turn-summary').nth(index).waitFor({ timeout: 60000 });
      }
      const offered = await page.locator('.turn-summary').evaluateAll((nodes) => nodes.map((node) => !!node.querySelector('.revert-turn')));
      assert.deepEqual(offered, [false, false, true], 'only the turn with an undoable editor change offers a revert');
      assert.match(await page.locator('.tool-card .tool-result').first().textContent(), /notes\.txt/, 'the file was written');
    });
  });
});

describe('notices', () => {
  it('shows a notice repeated since the last message once, with a count', async () => {
    await withStack([{ text: 'unused' }], {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      // The same problem three times: an image over the 5 MB limit pasted again and again.
      for (let paste = 0; paste < 3; paste++)
        await page.evaluate(() => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
          document.getElementById('input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        });
      const notice = page.locator('.notice', { hasText: 'huge.png is larger than 5 MB' });
      await page.waitForFunction(() => document.querySelector('.notice')?.dataset.count === '3'
        || document.querySelectorAll('.notice').length >= 3, null, { timeout: 10000 });
      assert.equal(await notice.count(), 1, 'one notice for the repeated problem');
      assert.equal(await notice.locator('.notice-count').textContent(), '×3');
    });
  });
});

describe('host restart', () => {
  it('tells the user how to sign in again once the host is gone, and stops showing the agent as ready', async () => {
    await withStack([{ text: 'unused' }], {}, async ({ host, browser, restart, project }) => {
      const page = await openPanel(browser, host.signIn);
      await page.setViewportSize({ width: 1100, height: 800 });
      await page.waitForFunction(() => ['ready', 'starting', 'running'].includes(document.getElementById('status-state')?.dataset.state), null, { timeout: 60000 });
      await restart();
      await page.locator('#connection[data-state="host-gone"]').waitFor({ timeout: 60000 });
      const guidance = await page.textContent('#connection');
      assert.ok(guidance.includes(`uap-host open --project ${project}`) || guidance.includes(`uap-host open --project '${project}'`),
        `the guidance names the real project folder: ${guidance}`);
      const titleLines = await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('.top-bar h1'));
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      assert.equal(titleLines, 1, 'the long guidance does not push the title onto two lines at 1,100 px');
      assert.notEqual(await page.getAttribute('#status-state', 'data-state'), 'ready', 'the stale status does not claim the agent is ready');
      await screenshot(page, 'host-gone');
    });
  });
});

describe('destructive commands', () => {
  it('flags a recursive forced removal on its card, and not a harmless folder creation', async () => {
    const steps = [
      { tool_use: { name: 'Bash', input: { command: 'mkdir -p Assets/New', description: 'Make a folder' } } },
      { text: 'listed' },
      { tool_use: { name: 'Bash', input: { command: 'rm -rf Assets/Old', description: 'Remove the old assets' } } },
      { text: 'not removed' },
    ];
    await withStack(steps, {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'list');
      const harmless = page.locator('.permission-card').first();
      await harmless.waitFor({ timeout: 60000 });
      assert.equal(await harmless.locator('.destructive-warning').count(), 0, 'making a folder is not flagged');
      await harmless.locator('.deny').click();
      await page.locator('.turn-summary').nth(0).waitFor({ timeout: 60000 });
      await sendMessage(page, 'clean up');
      const removal = page.locator('.permission-card').first();
      await removal.locator('.command', { hasText: 'rm -rf' }).waitFor({ timeout: 60000 });
      const warning = removal.locator('.destructive-warning');
      assert.equal(await warning.count(), 1, 'rm -rf is flagged');
      assert.match(await warning.textContent(), /destructive.*deletes or overwrites files/);
      await screenshot(page, 'destructive-command');
      await removal.locator('.deny').click();
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
    });
  });
});

describe('a running tool', () => {
  it("shows the tool's progress on its card while it runs, and only the outcome once it ends", async () => {
    const steps = [{ tool_use: { name: 'mcp__uap__slow_task', input: { milliseconds: 3000, text: 'slow and done' } } }, { text: 'The slow task finished.' }];
    await withStack(steps, { plugins: [process.env.UAP_JOBS_PLUGINS] }, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'run the slow task');
      const card = page.locator('.permission-card').first(); // The test pack's tool is not undoable.
      await card.waitFor({ timeout: 60000 });
      await card.getByRole('button', { name: 'Allow', exact: true }).click();
      const progress = page.locator('.tool-card .tool-progress');
      await progress.waitFor({ timeout: 60000 });
      assert.match(await progress.textContent(), /^\d+% · working$/, 'the share done and the tool\'s words');
      await page.waitForFunction(() => Number.parseInt(document.querySelector('.tool-card .tool-progress')?.textContent ?? '0', 10) > 0,
        null, { timeout: 20000 });
      await screenshot(page, 'tool-progress');
      await page.locator('.turn-summary').waitFor({ timeout: 60000 });
      assert.equal(await page.locator('.tool-card .tool-progress').count(), 0, 'the finished card shows its outcome, not the last progress');
      assert.match(await page.locator('.tool-card .tool-state').textContent(), /done/);
    });
  });
});
