// The browser panel end to end: Debian's Chromium (playwright-core) against the real host
// (`serve --editor sim --agent`), the real Claude Code CLI and the scripted fake Messages API.
// Screenshots land in UAP_WEB_ARTIFACTS (the build tree), never in the repository.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, openPanel, requireEnvironment, screenshot, sendMessage, startStack, stopAll } from './stack.mjs';

before(() => requireEnvironment());
after(() => stopAll());

// Closes what a test opened even when it fails.
async function withStack(steps, options, body) {
  const stack = await startStack(steps, options);
  const browser = await launchBrowser(options?.browser);
  try {
    await body({ ...stack, browser });
  } finally {
    await browser.close();
    await stack.host.stop();
  }
}

describe('chat', () => {
  it('opens through the one-time link and streams a markdown turn', async () => {
    const answer = 'Here is **bold** text and a list:\\n\\n- one\\n- two\\n\\n```js\\nconsole.log(1)\\n```';
    await withStack([{ text: JSON.parse(`"${answer}"`), delay_ms: 30 }], {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      assert.equal(new URL(page.url()).pathname, '/', 'the code leaves the address bar');
      // Record whether a streaming message showed partial text before the final one replaced it.
      await page.evaluate(() => {
        window.streamedLengths = [];
        new MutationObserver(() => {
          const streaming = document.querySelector('.message.streaming .body');
          if (streaming) window.streamedLengths.push(streaming.textContent.length);
        }).observe(document.getElementById('transcript'), { childList: true, subtree: true, characterData: true });
      });
      await sendMessage(page, 'hello there');
      await page.waitForSelector('.message.user >> text=hello there');
      await page.waitForSelector('.turn-summary', { timeout: 60000 });
      const lengths = await page.evaluate(() => window.streamedLengths);
      assert.ok(new Set(lengths).size > 1, `text arrived in several renders (saw lengths ${lengths})`);
      const final = page.locator('.message.assistant:not(.streaming)').last();
      assert.equal(await final.locator('strong').textContent(), 'bold');
      assert.equal(await final.locator('li').count(), 2);
      assert.equal(await final.locator('pre button.copy-code').count(), 1);
      assert.equal(await page.locator('.message.streaming').count(), 0);
      assert.equal(await page.inputValue('#input'), '', 'the input is cleared after sending');
      await screenshot(page, 'chat');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'chat-dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(22, 24, 29)', 'the dark theme follows the system setting');
    });
  });
});
