// Extension profiles in the browser panel: the settings page lists them from the host's status, a
// pending project profile shows its exact text, and approving it gives its lines to the real CLI
// (restarted with --resume before the next turn), as the fake Messages API records.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, openPanel, requireEnvironment, screenshot, sendMessage, startStack, stopAll } from './stack.mjs';

before(() => requireEnvironment());
after(() => stopAll());

const profileText = JSON.stringify({
  schemaVersion: 1, id: 'browser-sdk', displayName: 'Browser SDK',
  detection: { packageIds: ['com.example.browsersdk'] },
  instructionLines: ['BROWSER-SDK-RULE: always call Init() first.'],
  sources: ['https://example.com/browsersdk'],
  quickActions: [{ id: 'init', label: 'Set up the SDK', labelJa: 'SDK を初期化', prompt: 'Add the Browser SDK to the scene and call Init().' }],
}, null, 2);

const systemText = (request) => JSON.stringify(request.body.system ?? '');

describe('profiles', () => {
  it('reviews and approves a project profile; the next turn has its lines', async () => {
    const beforeHost = ({ project }) => {
      fs.mkdirSync(path.join(project, 'Packages'), { recursive: true });
      fs.writeFileSync(path.join(project, 'Packages', 'manifest.json'), JSON.stringify({ dependencies: { 'com.example.browsersdk': '1.0.0' } }));
      fs.mkdirSync(path.join(project, '.uap-profiles'));
      fs.writeFileSync(path.join(project, '.uap-profiles', 'browser.json'), profileText);
    };
    const stack = await startStack([{ text: 'before' }, { text: 'after' }], { beforeHost });
    const browser = await launchBrowser();
    try {
      const page = await openPanel(browser, stack.host.signIn);
      await sendMessage(page, 'first');
      await page.locator('.message.assistant', { hasText: 'before' }).waitFor({ timeout: 60000 });
      assert.ok(!systemText(stack.fake.mainRequests()[0]).includes('BROWSER-SDK-RULE'), 'not given before approval');

      await page.click('nav [data-view="settings"]');
      const item = page.locator('.profile[data-profile-id="browser-sdk"]');
      await item.locator('.badge', { hasText: 'needs your approval' }).waitFor();
      await item.locator('button', { hasText: 'Review' }).click();
      assert.equal(await item.locator('pre.profile-text').textContent(), profileText);
      await item.locator('button', { hasText: 'Approve this text' }).click();
      await item.locator('.badge', { hasText: 'in use by the agent' }).waitFor({ timeout: 30000 });
      await screenshot(page, 'profiles');
      assert.equal(await page.locator('.profile[data-profile-id="browser-sdk"] .badge').first().textContent(), 'active');

      await page.click('nav [data-view="chat"]');
      // Active now, so its quick action is offered above the composer; choosing it fills the input only.
      const quick = page.locator('#quick-actions .quick-action[data-action-id="browser-sdk.init"]');
      await quick.waitFor({ timeout: 30000 });
      assert.equal(await quick.textContent(), 'Set up the SDK');
      const requestsBefore = stack.fake.mainRequests().length;
      await quick.click();
      assert.equal(await page.inputValue('#input'), 'Add the Browser SDK to the scene and call Init().');
      assert.equal(stack.fake.mainRequests().length, requestsBefore, 'choosing a quick action sends nothing');
      await page.fill('#input', '');
      await sendMessage(page, 'second');
      await page.locator('.message.assistant', { hasText: 'after' }).waitFor({ timeout: 60000 });
      const last = stack.fake.mainRequests().at(-1);
      assert.ok(systemText(last).includes('Profile: Browser SDK\\nBROWSER-SDK-RULE: always call Init() first.'), systemText(last).slice(-800));
      assert.ok(JSON.stringify(last.body.messages).includes('first'), 'the conversation was resumed');
    } finally {
      await browser.close();
      await stack.host.stop();
    }
  });
});
