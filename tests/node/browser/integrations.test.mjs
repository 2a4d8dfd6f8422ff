// The integrations in the browser panel (Debian's Chromium against the real host and CLI): the
// plugin's state cards, and the language switched live between English and Japanese, with a
// screenshot of each. Nothing is installed: the plugin files are written by the test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, openPanel, requireEnvironment, screenshot, sendMessage, startStack, stopAll } from './stack.mjs';

before(() => requireEnvironment());
after(() => stopAll());

async function withPanel(options, body) {
  const stack = await startStack([{ text: 'hello' }], options);
  const browser = await launchBrowser();
  try {
    const page = await openPanel(browser, stack.host.signIn);
    await body({ ...stack, page });
  } catch (error) {
    for (const [index, page] of browser.pages().entries()) await screenshot(page, `integrations-failure-${index}`).catch(() => {});
    throw error;
  } finally {
    await browser.close();
    await stack.host.stop();
  }
}

const pluginCard = '[data-integration="unity@unity-agent-plugin"]';

describe('integrations', () => {
  it('shows the plugin as not installed and switches language live, keeping it across a reload', async () => {
    await withPanel({}, async ({ page }) => {
      await page.click('nav [data-view="settings"]');
      const card = page.locator(`${pluginCard}[data-state="not_installed"]`);
      await card.waitFor({ timeout: 15000 });
      assert.equal(await card.locator('h3').textContent(), "Unity's official Claude Code plugin");
      assert.equal(await card.locator('[data-action="install-plugin"]').textContent(), 'Install');
      assert.match(await card.textContent(), /whole Claude Code/);
      assert.equal(await page.locator('[data-integration="uloop"][data-state="not_installed"]').count(), 1);
      await screenshot(page, 'integrations-en');

      await page.evaluate(() => { window.notReloaded = true; });
      await page.selectOption('#settings-language', 'ja');
      await page.locator(`${pluginCard} h3`, { hasText: 'Unity 公式 Claude Code プラグイン' }).waitFor({ timeout: 5000 });
      assert.equal(await page.evaluate(() => window.notReloaded), true, 'switched without a reload');
      assert.equal(await page.getAttribute('html', 'lang'), 'ja');
      assert.equal(await page.locator('nav [data-view="chat"]').textContent(), 'チャット');
      assert.equal(await page.locator(`${pluginCard} [data-action="install-plugin"]`).textContent(), '導入');
      assert.match(await page.locator('#status-state').textContent(), /待機中/);
      assert.match(await page.getAttribute('#input', 'placeholder'), /エージェントへのメッセージ/);
      await screenshot(page, 'integrations-ja');
      // New chat content arrives in the chosen language too.
      await page.click('nav [data-view="chat"]');
      await sendMessage(page, 'hi');
      await page.locator('.turn-summary', { hasText: 'ターン終了' }).waitFor({ timeout: 60000 });
      assert.equal(await page.locator('.message.user .role').first().textContent(), 'あなた');
      await screenshot(page, 'chat-ja');

      await page.reload();
      await page.waitForSelector('#connection[data-state="connected"]');
      assert.equal(await page.locator('nav [data-view="settings"]').textContent(), '設定', 'the choice is kept');
      await page.click('nav [data-view="settings"]');
      await page.selectOption('#settings-language', 'en');
      assert.equal(await page.locator('nav [data-view="settings"]').textContent(), 'Settings');
    });
  });

  it('offers the enable command, not an install, for a disabled plugin', async () => {
    const beforeHost = ({ env }) => {
      const plugins = path.join(env.HOME, '.claude', 'plugins');
      fs.mkdirSync(plugins, { recursive: true });
      fs.writeFileSync(path.join(plugins, 'installed_plugins.json'), JSON.stringify({
        version: 2, plugins: { 'unity@unity-agent-plugin': [{ scope: 'user', installPath: '/nowhere', version: '1.0.0' }] },
      }));
    };
    await withPanel({ beforeHost }, async ({ page }) => {
      await page.click('nav [data-view="settings"]');
      const card = page.locator(`${pluginCard}[data-state="disabled"]`);
      await card.waitFor({ timeout: 15000 });
      assert.equal(await card.locator('pre.command').textContent(), 'claude plugin enable unity@unity-agent-plugin');
      assert.equal(await card.locator('[data-action="install-plugin"]').count(), 0);
      await screenshot(page, 'integrations-disabled');
    });
  });
});
