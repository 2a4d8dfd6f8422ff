// The browser panel end to end: Debian's Chromium (playwright-core) against the real host
// (`serve --editor sim --agent`), the real Claude Code CLI and the scripted fake Messages API.
// Screenshots land in UAP_WEB_ARTIFACTS (the build tree), never in the repository.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { openPanel, requireEnvironment, screenshot, sendMessage, stopAll, withStack } from './stack.mjs';

before(() => requireEnvironment());
after(() => stopAll());

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
      const models = await page.locator('#status-model option').evaluateAll((nodes) => nodes.map((node) => node.value));
      assert.ok(models.length > 1 && models[0] === 'default', `the model list comes from the CLI: ${models}`);
      const refused = await page.evaluate(() => window.uapPanel.connection.command('set_model', { model: 'no-such-model' }));
      assert.equal(refused.ok, false);
      assert.match(refused.error, /unknown model "no-such-model"; the CLI offers: default, /);
      // The meter divides by the window the CLI reported after the turn, so it shows a percentage.
      const status = await page.evaluate(() => window.uapPanel.status.status);
      assert.ok(status.context_window >= 100000, `the CLI's context window: ${status.context_window}`);
      const percent = Math.round((status.context_tokens / status.context_window) * 100);
      assert.equal(await page.textContent('#status-context'), `context ${percent}% (${status.context_tokens} tokens)`);
      await screenshot(page, 'chat');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'chat-dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(22, 24, 29)', 'the dark theme follows the system setting');
    });
  });
});

describe('thinking', () => {
  it('shows the model\'s thinking folded above the answer, never inside it', async () => {
    const thought = 'The cube goes at the origin; <b>not</b> markup. 立方体を原点に。';
    await withStack([{ blocks: [{ thinking: thought }, { text: 'Placed the cube.' }] }], {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'make a cube');
      await page.waitForSelector('.turn-summary', { timeout: 60000 });
      const thinking = page.locator('details.thinking');
      assert.equal(await thinking.count(), 1);
      assert.equal(await thinking.evaluate((node) => node.open), false, 'folded by default');
      assert.equal(await thinking.locator('summary').textContent(), 'Thinking');
      assert.equal(await thinking.locator('.body').textContent(), thought, 'shown as text, not markup');
      assert.equal(await thinking.locator('.body b').count(), 0);
      const answer = page.locator('.message.assistant:not(.streaming)').last();
      assert.equal((await answer.textContent()).includes('origin'), false, 'the thinking is not part of the answer');
      const order = await page.evaluate(() => {
        const nodes = [...document.querySelectorAll('#transcript details.thinking, #transcript .message.assistant')];
        return nodes.map((node) => (node.matches('details.thinking') ? 'thinking' : 'answer'));
      });
      assert.deepEqual(order, ['thinking', 'answer']);
      await thinking.locator('summary').click();
      await screenshot(page, 'thinking-open');
    });
  });
});

describe('tools and permissions', () => {
  it('shows a tool card with input, result and duration', async () => {
    const steps = [{ tool_use: { name: 'mcp__uap__echo', input: { text: 'ping-4242' } } }, { text: 'echoed' }];
    await withStack(steps, { settings: { auto_approve: 'read_only' } }, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'echo please');
      const card = page.locator('.tool-card[data-tool-use-id]').first();
      await card.locator('.tool-state', { hasText: 'done' }).waitFor({ timeout: 60000 });
      assert.equal(await card.getAttribute('open'), null, 'tool cards start collapsed');
      assert.equal(await card.locator('.tool-name').textContent(), 'mcp__uap__echo');
      await card.locator('summary').click();
      assert.match(await card.locator('.tool-input').textContent(), /ping-4242/);
      assert.match(await card.locator('.tool-result').textContent(), /ping-4242/);
      assert.match(await card.locator('.tool-state').textContent(), /done · \d+\.\d s/);
      await page.waitForSelector('.turn-summary');
    });
  });

  it('reverts a finished turn\'s editor changes from its summary and shows the outcome', async () => {
    const steps = [
      { tool_use: { name: 'mcp__uap__uap_scene_create_object', input: { name: 'Revert Crate', primitiveType: 'Cube' } } },
      { tool_use: { name: 'mcp__uap__uap_scene_rename', input: { path: '/Revert Crate', newName: 'Reverted Crate' } } },
      { text: 'crate placed' },
    ];
    await withStack(steps, { settings: { auto_approve: 'all_unity_tools' } }, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'place a crate');
      const revert = page.locator('.turn-summary .revert-turn').first();
      await revert.waitFor({ timeout: 60000 });
      await revert.click();
      const outcome = page.locator('.turn-reverted').first();
      await outcome.waitFor({ timeout: 20000 });
      assert.equal(await outcome.getAttribute('data-ok'), 'true', await outcome.textContent());
      assert.match(await outcome.textContent(), /Turn 1 reverted \(Agent turn 1 \(run /);
      assert.equal(await revert.isDisabled(), true, 'a reverted turn cannot be reverted again');
      await screenshot(page, 'turn-reverted');
    });
  });

  it('answers cards each way; a scoped allow-always is honoured and a write outside it still asks', async () => {
    const steps = (project) => [
      { tool_use: { name: 'Write', input: { file_path: path.join(project, 'Assets/Docs/a.txt'), content: 'first file' } } },
      { text: 'wrote a' },
      { tool_use: { name: 'Write', input: { file_path: path.join(project, 'Assets/Docs/b.txt'), content: 'second file' } } },
      { text: 'wrote b' },
      { tool_use: { name: 'Write', input: { file_path: path.join(project, 'Assets/Other/c.txt'), content: 'third file' } } },
      { text: 'did not write c' },
      { tool_use: { name: 'mcp__uap__count_words', input: { text: 'one two three' } } },
      { text: 'counted' },
    ];
    await withStack(steps, {}, async ({ host, browser, project, fake }) => {
      const page = await openPanel(browser, host.signIn);
      // 1. The first write asks; allow always, for this folder's files.
      await sendMessage(page, 'write a');
      const first = page.locator('.permission-card').first();
      await first.waitFor({ timeout: 60000 });
      assert.match(await first.locator('.file-path').textContent(), /Assets\/Docs\/a\.txt$/);
      assert.equal(await first.locator('.diff').textContent(), '@@ -0,0 +1,1 @@\n+first file\n', 'a new file shows as one added hunk');
      assert.equal(await first.locator('.diff-summary').textContent(), 'new file, +1');
      const options = await first.locator('.scope-select option').evaluateAll((nodes) => nodes.map((node) => node.value));
      assert.deepEqual(options.slice(0, 2), ['Write(Assets/Docs/a.txt)', 'Write(Assets/Docs/**)']);
      assert.equal(options.at(-1), 'Write', 'the whole tool is offered last');
      // A pending card survives a reload of the page (it comes back in the snapshot).
      await page.reload();
      await first.waitFor({ timeout: 15000 });
      assert.equal(await page.locator('.permission-card').count(), 1);
      await first.locator('.scope-select').selectOption('Write(Assets/Docs/**)');
      assert.equal(await first.locator('.rule-preview').textContent(), 'Write(Assets/Docs/**)');
      await screenshot(page, 'permission-card');
      await first.locator('.allow-always').click();
      await page.locator('.turn-summary').nth(0).waitFor({ timeout: 60000 });
      assert.equal(fs.readFileSync(path.join(project, 'Assets/Docs/a.txt'), 'utf8'), 'first file');
      const saved = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/agent-settings.json'), 'utf8'));
      assert.deepEqual(saved.always_allow, ['Write(Assets/Docs/**)']);

      // 2. A write inside the folder is not asked.
      await sendMessage(page, 'write b');
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
      assert.equal(fs.readFileSync(path.join(project, 'Assets/Docs/b.txt'), 'utf8'), 'second file');
      assert.equal(await page.locator('.permission-card').count(), 0);

      // 3. A write outside it asks; deny it with a message the model receives.
      await sendMessage(page, 'write c');
      const third = page.locator('.permission-card').first();
      await third.waitFor({ timeout: 60000 });
      assert.match(await third.locator('.file-path').textContent(), /Assets\/Other\/c\.txt$/);
      await third.locator('.deny-message').fill('Not there (marker 5521).');
      await third.locator('.deny').click();
      await page.locator('.turn-summary').nth(2).waitFor({ timeout: 60000 });
      assert.equal(fs.existsSync(path.join(project, 'Assets/Other/c.txt')), false);
      assert.ok(fake.mainRequests().some((request) => JSON.stringify(request.body).includes('marker 5521')), 'the model was told why');
      assert.equal(await page.locator('.tool-card.denied .tool-reason').last().textContent(), 'Not there (marker 5521).');

      // 4. Our tool shows its metadata badges; plain allow runs it.
      await sendMessage(page, 'count');
      const fourth = page.locator('.permission-card').first();
      await fourth.waitFor({ timeout: 60000 });
      const badges = await fourth.locator('.badge').allTextContents();
      assert.deepEqual(badges, ['undoable', 'destructive']);
      await fourth.focus();
      await page.keyboard.press('y');
      await page.locator('.turn-summary').nth(3).waitFor({ timeout: 60000 });
      assert.match(await page.locator('.tool-card .tool-result').last().textContent(), /"words":\s*3/);
    });
  });

  it('shows the host\'s diff of an Edit against the file on disk, the same hunks every front-end gets', async () => {
    const notes = (project) => path.join(project, 'Assets/Docs/notes.txt');
    const steps = (project) => [
      { tool_use: { name: 'Read', input: { file_path: notes(project) } } },
      { tool_use: { name: 'Edit', input: { file_path: notes(project), old_string: 'line 5', new_string: 'line five' } } },
      { text: 'edited' },
    ];
    await withStack(steps, {}, async ({ host, browser, project }) => {
      fs.mkdirSync(path.dirname(notes(project)), { recursive: true });
      fs.writeFileSync(notes(project), Array.from({ length: 12 }, (_, index) => `line ${index + 1}\n`).join(''));
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'edit the notes');
      const card = page.locator('.permission-card');
      await card.waitFor({ timeout: 60000 });
      assert.deepEqual(await card.locator('.diff .hunk').allTextContents(), ['@@ -2,7 +2,7 @@\n']);
      assert.deepEqual(await card.locator('.diff .removed').allTextContents(), ['-line 5\n']);
      assert.deepEqual(await card.locator('.diff .added').allTextContents(), ['+line five\n']);
      assert.equal(await card.locator('.diff .context').count(), 6, 'three lines of context on each side');
      assert.equal(await card.locator('.diff-summary').textContent(), '+1 −1');
      await screenshot(page, 'edit-diff');
      await card.locator('.allow').click();
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      assert.match(fs.readFileSync(notes(project), 'utf8'), /^line 4\nline five\nline 6$/m, 'the edit the card showed is the edit made');
    });
  });

  it('shows a subagent\'s work inside the card of the Agent call that started it', async () => {
    const steps = [
      { tool_use: { name: 'Agent', input: { description: 'look around', prompt: 'SUBTASK list the markdown files', subagent_type: 'general-purpose' } } },
      { match: 'SUBTASK', blocks: [{ text: 'looking for markdown' }, { tool_use: { name: 'Glob', input: { pattern: '*.md' } } }] },
      { match: 'No such tool available', text: 'none found' },
      { text: 'delegated' },
      { text: 'the subagent found none' }];
    await withStack(steps, {}, async ({ host, browser, restart }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'delegate it');
      const agent = page.locator('.tool-card', { has: page.locator(':scope > summary .tool-name', { hasText: 'Agent' }) });
      await agent.locator(':scope > summary .subagent-status', { hasText: 'subagent completed' }).waitFor({ timeout: 60000 });
      await agent.locator(':scope > summary').click(); // The card opens to show the work inside.
      const work = agent.locator(':scope > .subagent-work');
      await work.locator('.message.assistant.subagent', { hasText: 'none found' }).waitFor({ timeout: 10000 });
      assert.equal(await work.locator('.message.assistant.subagent', { hasText: 'looking for markdown' }).count(), 1);
      assert.equal(await work.locator('.tool-card .tool-name', { hasText: 'Glob' }).count(), 1, 'the subagent\'s tool call is inside too');
      assert.equal(await page.locator('#transcript > .message.assistant.subagent').count(), 0, 'nothing of the subagent is loose in the conversation');
      await page.locator('#transcript > .message.assistant', { hasText: 'delegated' }).waitFor();
      await screenshot(page, 'subagent-card');

      // Reopened from history after a host restart, the work is inside the Agent card again.
      await page.locator('#transcript > .message.assistant', { hasText: 'the subagent found none' }).waitFor({ timeout: 60000 });
      const current = await restart();
      const reopened = await openPanel(browser, current.signIn);
      const reopenedAgent = reopened.locator('.tool-card', { has: reopened.locator(':scope > summary .tool-name', { hasText: 'Agent' }) });
      await reopenedAgent.waitFor({ timeout: 20000 });
      await reopenedAgent.locator(':scope > summary').click();
      await reopenedAgent.locator(':scope > .subagent-work .message.assistant.subagent', { hasText: 'looking for markdown' }).waitFor({ timeout: 10000 });
      await reopenedAgent.locator(':scope > .subagent-work .message.user.subagent', { hasText: 'SUBTASK list the markdown files' }).waitFor({ timeout: 10000 });
      assert.equal(await reopened.locator('#transcript > .message.subagent').count(), 0, 'nothing of the subagent is loose after reopening, its task included');
      await screenshot(reopened, 'subagent-card-reopened');
    });
  });

  it('shows a script-gate refusal as policy, not as an error', async () => {
    const steps = (project) => [
      { tool_use: { name: 'Write', input: { file_path: path.join(project, 'Assets/Scripts/Player.cs'), content: 'class Player {}' } } },
      { text: 'understood' },
    ];
    await withStack(steps, {}, async ({ host, browser, project }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'write a script');
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      const card = page.locator('.tool-card.policy');
      assert.equal(await card.count(), 1);
      assert.match(await card.locator('.tool-state').textContent(), /blocked by policy \(script gate\)/);
      assert.match(await card.locator('.policy-message').textContent(), /UapStaging/);
      assert.equal(await page.locator('.tool-card.error').count(), 0);
      assert.equal(await page.locator('.permission-card').count(), 0);
      assert.equal(fs.existsSync(path.join(project, 'Assets/Scripts/Player.cs')), false);
    });
  });
});

describe('questions', () => {
  it('shows AskUserQuestion as a question card whose answer reaches the model', async () => {
    const questions = [
      { question: 'Which color should the cube be?', header: 'Color', multiSelect: false,
        options: [{ label: 'Red', description: 'warm' }, { label: 'Blue', description: 'cool' }] },
      { question: 'Which sides?', header: 'Sides', multiSelect: true,
        options: [{ label: 'Top', description: '' }, { label: 'Bottom', description: '' }] },
    ];
    await withStack([{ tool_use: { name: 'AskUserQuestion', input: { questions } } }, { text: 'painting it' }], {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'paint the cube');
      const card = page.locator('.question-card');
      await card.waitFor({ timeout: 60000 });
      assert.deepEqual(await card.locator('legend').allTextContents(), ['Color: Which color should the cube be?', 'Sides: Which sides?']);
      await card.locator('.allow').click();
      assert.match(await card.locator('.card-error').textContent(), /Answer every question/);
      await card.locator('input[value="Blue"]').check();
      await card.locator('input[value="Top"]').check();
      await card.locator('.other-answer').nth(1).fill('the front');
      await screenshot(page, 'question-card');
      await card.locator('.allow').click();
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      const result = JSON.stringify(fake.mainRequests().at(-1).body.messages.at(-1));
      assert.match(result, /\\"Which color should the cube be\?\\"=\\"Blue\\"/);
      assert.match(result, /\\"Which sides\?\\"=\\"Top, the front\\"/);
    });
  });
});

describe('context chips', () => {
  // The text of the newest user message a request carried.
  const lastUserText = (request) => {
    const user = request.body.messages.filter((message) => message.role === 'user').at(-1);
    return typeof user.content === 'string' ? user.content : user.content.map((block) => block.text ?? '').join('');
  };

  it('offers the selection and Console errors, takes a dropped asset, and "Ask Claude to fix" sends them once', async () => {
    const steps = [
      { tool_use: { name: 'mcp__uap__uap_scene_create_object', input: { name: 'Hero', primitiveType: 'Cube' } } },
      // The editor pack is found through the discovery tools, as the model would.
      { tool_use: { name: 'mcp__uap__uap_tool_call', input: { tool: 'uap_editor_select', arguments: { path: '/Hero' } } } },
      { text: 'selected the hero' },
      { text: 'fixing it' },
    ];
    await withStack(steps, { settings: { auto_approve: 'all_unity_tools' } }, async ({ host, browser, fake, project }) => {
      const page = await openPanel(browser, host.signIn);
      // The user breaks a script while the editor runs; the import at the turn's end compiles it.
      fs.mkdirSync(path.join(project, 'Assets/Scripts'), { recursive: true });
      const script = 'class Broken {\n  void Update() {\n';
      fs.writeFileSync(path.join(project, 'Assets/Scripts/Broken.cs'), script);
      await sendMessage(page, 'select the hero');
      // Selecting is not undoable, so it asks even when Unity tools are auto-approved.
      await page.locator('.permission-card .allow').click({ timeout: 60000 });
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      const chip = (id) => page.locator(`.context-chip[data-chip-id="${id}"]`);
      await chip('selection').waitFor({ timeout: 20000 });
      await chip('console').waitFor({ timeout: 20000 });
      assert.equal(await chip('selection').locator('.chip-label').textContent(), 'Hero');
      assert.match(await chip('selection').locator('.chip-toggle').getAttribute('title'), /^selected in the editor \(1\):\n- object \/Hero/);
      assert.match(await chip('console').locator('.chip-toggle').getAttribute('title'), /Broken\.cs.*error CS1513/);
      assert.equal(await chip('scene').locator('.chip-size').textContent(), '', 'the scene summary is made when attached');
      assert.equal(await page.locator('.context-chip[data-attached="true"]').count(), 0, 'nothing is attached by itself');

      // A project path dropped on the composer becomes an attached chip; a path out of the project is refused aloud.
      const drop = (text) => page.evaluate((dropped) => {
        const transfer = new DataTransfer();
        transfer.setData('text/plain', dropped);
        document.getElementById('input').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, text);
      await drop('Assets/Scripts/Broken.cs');
      await page.locator('.context-chip[data-kind="asset"][data-attached="true"]').waitFor({ timeout: 10000 });
      assert.equal(await page.locator('.context-chip[data-kind="asset"] .chip-label').textContent(), 'Broken.cs');
      await drop('Assets/../../etc/passwd');
      await page.locator('.notice', { hasText: "'..'" }).waitFor({ timeout: 10000 });
      assert.equal(await page.locator('#input').inputValue(), '', 'a path taken as a chip is not typed into the message');

      await chip('selection').locator('.chip-toggle').click();
      await page.locator('.context-chip[data-chip-id="selection"][data-attached="true"]').waitFor({ timeout: 10000 });
      assert.match(await page.locator('.chips-summary').textContent(), /Attached to the next message: 2 \(\d+ B\)/);
      await screenshot(page, 'context-chips');

      await chip('console').locator('.ask-to-fix').click();
      await page.locator('.message.assistant', { hasText: 'fixing it' }).waitFor({ timeout: 60000 });
      const sent = lastUserText(fake.mainRequests().at(-1));
      assert.ok(sent.startsWith('Context the user attached to this message, one chip per block:\n[selection selection] selected in the editor (1):\n- object /Hero'), sent);
      assert.match(sent, /\[console console\] newest Console errors:\n- error: Assets\/Scripts\/Broken\.cs\(\d+,\d+\): error CS1513/);
      assert.ok(sent.includes(`[D1 asset] asset Assets/Scripts/Broken.cs, ${Buffer.byteLength(script)} bytes (its content is not included`), sent);
      assert.ok(sent.endsWith('Fix the Console error attached to this message.'), sent);
      // Sent once: nothing stays attached, the told errors and the dropped asset are gone.
      await page.waitForFunction(() => !document.querySelector('.context-chip[data-chip-id="console"]') &&
        !document.querySelector('.context-chip[data-kind="asset"]'), null, { timeout: 10000 });
      assert.equal(await page.locator('.context-chip[data-attached="true"]').count(), 0);
      const fixMessage = page.locator('.message.user', { hasText: 'Fix the Console error' });
      assert.match(await fixMessage.locator('.attached-context summary').textContent(), /^Context attached \(\d+ B\)$/);
      assert.ok((await fixMessage.locator('.attached-context pre').textContent()).includes('[D1 asset] asset Assets/Scripts/Broken.cs'));
      await fixMessage.locator('.attached-context summary').click();
      await screenshot(page, 'context-chips-sent');
    });
  });
});

describe('composer', () => {
  it('offers the CLI\'s slash commands in a popup; picking one fills the input without sending', async () => {
    await withStack([{ text: 'unused' }], {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      const reported = await page.evaluate(() => (window.uapPanel.status.status.slash_commands ?? []).map((command) => command.name));
      assert.ok(reported.length > 3, `the CLI reported slash commands: ${reported}`);
      await page.focus('#input');
      await page.keyboard.type('/');
      await page.locator('#completions').waitFor();
      await screenshot(page, 'slash-popup');
      assert.equal(await page.locator('.completion-option').count(), Math.min(reported.length, 50));
      const prefix = reported[0].slice(0, 2);
      await page.keyboard.type(prefix);
      await page.waitForFunction((typed) => [...document.querySelectorAll('.completion-name')].every((node) => node.textContent.startsWith(typed)), `/${prefix}`);
      const shown = (await page.locator('.completion-name').allTextContents()).map((text) => text.split(' ')[0]);
      assert.ok(shown.length >= 1 && shown.every((name) => name.startsWith(`/${prefix}`)), `filtered by "/${prefix}": ${shown}`);
      if (shown.length > 1) await page.keyboard.press('ArrowDown');
      const expected = shown[Math.min(1, shown.length - 1)];
      await page.keyboard.press('Enter');
      assert.equal(await page.inputValue('#input'), `${expected} `);
      assert.equal(await page.locator('#completions').isHidden(), true);
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.message.user').count(), 0, 'picking a command sends nothing');
      assert.equal(fake.mainRequests().length, 0);
    });
  });

  it('completes "@" mentions from the project one folder at a time and sends the path as typed', async () => {
    const beforeHost = ({ project }) => {
      fs.mkdirSync(path.join(project, 'Assets', 'Scripts'), { recursive: true });
      fs.writeFileSync(path.join(project, 'Assets', 'Scripts', 'Player.cs'), 'class Player {}');
      fs.writeFileSync(path.join(project, 'Assets', 'Scripts', 'Player.cs.meta'), 'guid: 1');
    };
    await withStack([{ text: 'read it' }], { beforeHost }, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await page.focus('#input');
      await page.keyboard.type('look at @As');
      await page.locator('.completion-name', { hasText: '@Assets/' }).waitFor();
      await page.keyboard.press('Tab'); // A folder: its entries come next.
      await page.locator('.completion-name', { hasText: '@Assets/Scripts/' }).waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.completion-name', { hasText: '@Assets/Scripts/Player.cs' }).waitFor();
      assert.deepEqual(await page.locator('.completion-name').allTextContents(), ['@Assets/Scripts/Player.cs'], 'the .meta file is not offered');
      await screenshot(page, 'mention-popup');
      await page.keyboard.press('Enter');
      assert.equal(await page.inputValue('#input'), 'look at @Assets/Scripts/Player.cs ');
      await page.keyboard.type('please');
      await page.keyboard.press('Enter');
      await page.locator('.message.assistant', { hasText: 'read it' }).waitFor({ timeout: 60000 });
      assert.ok(JSON.stringify(fake.mainRequests().at(-1).body.messages).includes('look at @Assets/Scripts/Player.cs please'));
      const refused = await page.evaluate(() => window.uapPanel.connection.command('complete_mention', { prefix: 'Assets/../../' }));
      assert.equal(refused.ok, false);
      assert.match(refused.error, /cannot leave the project/);
    });
  });

  it('sends a pasted image with the message', async () => {
    await withStack([{ text: 'a small red square' }], {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      const pasted = await page.evaluate(async () => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 8, height: 8 });
        const context = canvas.getContext('2d');
        context.fillStyle = '#d00';
        context.fillRect(0, 0, 8, 8);
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
        const transfer = new DataTransfer();
        transfer.items.add(new File([blob], 'square.png', { type: 'image/png' }));
        document.getElementById('input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        return btoa(String.fromCharCode(...bytes));
      });
      await page.locator('#attachments img[alt="square.png"]').waitFor();
      await sendMessage(page, 'what is this?');
      await page.locator('.message.user .meta', { hasText: '1 image' }).waitFor({ timeout: 10000 });
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      assert.equal(await page.locator('#attachments img').count(), 0, 'the attachment leaves the composer once sent');
      const blocks = fake.mainRequests()[0].body.messages.filter((message) => message.role === 'user' && Array.isArray(message.content))
        .flatMap((message) => message.content);
      const image = blocks.find((block) => block.type === 'image');
      assert.ok(image, `an image block reached the API: ${blocks.map((block) => block.type)}`);
      assert.equal(image.source.media_type, 'image/png');
      assert.equal(image.source.data, pasted);
    });
  });

  it('never sends on Enter during an IME composition, and sends on Enter after it', async () => {
    await withStack([{ text: 'こんにちは、受け取りました。' }], {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await page.evaluate(() => {
        window.compositionEvents = [];
        const input = document.getElementById('input');
        for (const type of ['compositionstart', 'compositionend'])
          input.addEventListener(type, () => window.compositionEvents.push(type));
        input.addEventListener('keydown', (event) => { if (event.key === 'Enter') window.compositionEvents.push(`Enter composing=${event.isComposing}`); });
      });
      await page.focus('#input');
      // Chromium's own input-method path (DevTools Input domain), as a Japanese IME drives it.
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Input.imeSetComposition', { text: 'にほんご', selectionStart: 4, selectionEnd: 4 });
      await devtools.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 });
      await devtools.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 });
      await devtools.send('Input.insertText', { text: '日本語' });
      await page.waitForTimeout(500);
      const events = await page.evaluate(() => window.compositionEvents);
      assert.deepEqual(events, ['compositionstart', 'Enter composing=true', 'compositionend'], 'the composition really happened');
      assert.equal(await page.locator('.message.user').count(), 0, 'Enter during the composition sent nothing');
      assert.equal(fake.mainRequests().length, 0);
      assert.equal(await page.inputValue('#input'), '日本語');
      await page.press('#input', 'Enter');
      await page.waitForSelector('.message.user >> text=日本語');
      await page.waitForSelector('.turn-summary', { timeout: 60000 });
      assert.ok(JSON.stringify(fake.mainRequests()[0].body).includes('日本語'));
    });
  });
});

describe('turns', () => {
  it('queues a message sent mid-turn and interrupts the running turn', async () => {
    const long = Array.from({ length: 120 }, (_, index) => `word${index}`).join(' ');
    await withStack([{ text: long, delay_ms: 60 }, { text: 'the queued one ran' }], {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'write a lot');
      await page.waitForSelector('.message.streaming', { timeout: 60000 });
      await sendMessage(page, 'and then this');
      const queued = page.locator('.message.user', { hasText: 'and then this' });
      await queued.locator('.queued-badge').waitFor({ timeout: 5000 });
      assert.equal(await page.isEnabled('#interrupt'), true);
      await page.click('#interrupt');
      await page.locator('.turn-summary', { hasText: 'interrupted' }).waitFor({ timeout: 20000 });
      await page.locator('.message.assistant', { hasText: 'the queued one ran' }).waitFor({ timeout: 60000 });
      assert.equal(await queued.locator('.queued-badge').count(), 0, 'the badge goes once the message runs');
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
    });
  });

  it('continues an interrupted turn with one click, and only the newest one', async () => {
    const long = Array.from({ length: 120 }, (_, index) => `word${index}`).join(' ');
    await withStack([{ text: long, delay_ms: 60 }, { text: 'picked up again' }], {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'write a lot');
      await page.waitForSelector('.message.streaming', { timeout: 60000 });
      await page.click('#interrupt');
      const resume = page.locator('.turn-summary .continue-turn');
      await resume.waitFor({ timeout: 20000 });
      assert.equal(await resume.textContent(), 'Continue');
      await screenshot(page, 'continue-offered');
      await resume.click();
      await page.locator('.message.assistant', { hasText: 'picked up again' }).waitFor({ timeout: 60000 });
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
      assert.equal(await page.locator('.continue-turn').count(), 0, 'nothing left to continue after a finished turn');
      assert.equal(await page.locator('.message.user', { hasText: 'Continue where you left off.' }).count(), 1, 'the message Continue sent is shown as the user\'s');
    });
  });

  it('edits and retries the newest message: the model sees the conversation without the turn taken back', async () => {
    const steps = [{ text: 'answer one' }, { text: 'answer two' }, { text: 'answer to the edit' }, { text: 'answer retried' }];
    await withStack(steps, {}, async ({ host, browser, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'first question');
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      await sendMessage(page, 'second question');
      await page.locator('.message.assistant', { hasText: 'answer two' }).waitFor({ timeout: 60000 });
      await page.locator('.turn-summary').nth(1).waitFor({ timeout: 60000 });
      const actions = page.locator('.message.user .message-actions');
      assert.equal(await actions.count(), 1, 'only the newest message offers Retry and Edit');
      const newest = page.locator('.message.user', { hasText: 'second question' });
      await newest.locator('button[data-action="edit"]').click();
      assert.equal(await newest.locator('textarea.edit-message').inputValue(), 'second question');
      await newest.locator('textarea.edit-message').fill('second question, edited');
      await screenshot(page, 'message-edit');
      await newest.locator('button[data-action="send-edit"]').click();
      await page.locator('.message.assistant', { hasText: 'answer to the edit' }).waitFor({ timeout: 60000 });
      const userTexts = () => page.locator('.message.user .body').allTextContents();
      assert.deepEqual(await userTexts(), ['first question', 'second question, edited']);
      assert.equal(await page.locator('.message.assistant', { hasText: 'answer two' }).count(), 0, 'the turn taken back is gone');
      // The shortened transcript comes from the CLI's transcript, which has no turn summaries: this turn's is the only one.
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      await screenshot(page, 'message-edited');

      await page.locator('.message.user .message-actions button[data-action="retry"]').click();
      await page.locator('.message.assistant', { hasText: 'answer retried' }).waitFor({ timeout: 60000 });
      assert.deepEqual(await userTexts(), ['first question', 'second question, edited']);
      assert.equal(await page.locator('.message.assistant', { hasText: 'answer to the edit' }).count(), 0);
      const spoken = fake.mainRequests().at(-1).body.messages
        .flatMap((message) => (typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content)
          .filter((block) => block.type === 'text' && !block.text.includes('<system-reminder>'))
          .map((block) => `${message.role}: ${block.text}`))
        .filter((line) => line.startsWith('user: ') || line.startsWith('assistant: '));
      assert.deepEqual(spoken, ['user: first question', 'assistant: answer one', 'user: second question, edited']);
    });
  });

  it('lists history, resumes a session, and reopens the last one after a host restart', async () => {
    const steps = [{ text: 'first answer' }, { text: 'second answer' }, { text: 'third answer' }];
    await withStack(steps, {}, async ({ host, browser, restart }) => {
      const page = await openPanel(browser, host.signIn);
      await twoSessions(page);

      await page.click('nav [data-view="history"]');
      const items = page.locator('.history-item');
      await items.nth(1).waitFor();
      assert.deepEqual(await page.locator('.history-title').allTextContents(), ['beta question', 'alpha question']);
      await items.nth(1).click();
      await page.locator('.message.assistant', { hasText: 'first answer' }).waitFor({ timeout: 20000 });
      assert.equal(await page.locator('.message', { hasText: 'beta question' }).count(), 0);
      await page.waitForFunction(() => document.querySelector('#status-state').dataset.state === 'ready', null, { timeout: 60000 });
      await sendMessage(page, 'gamma question');
      await page.locator('.message.assistant', { hasText: 'third answer' }).waitFor({ timeout: 60000 });
      await page.locator('.turn-summary').last().waitFor();

      const second = await restart();
      const reopened = await openPanel(browser, second.signIn);
      await reopened.locator('.message.user', { hasText: 'gamma question' }).waitFor({ timeout: 20000 });
      assert.equal(await reopened.locator('.message.user', { hasText: 'alpha question' }).count(), 1);
      assert.equal(await reopened.locator('.message.assistant', { hasText: 'first answer' }).count(), 1);
    });
  });

  it('searches history by the words of any message and deletes a session after a confirming click, never the running one', async () => {
    const steps = [{ text: 'the lightmaps are baked' }, { text: 'the prefab is reverted' }];
    await withStack(steps, {}, async ({ host, browser }) => {
      const page = await openPanel(browser, host.signIn);
      await twoSessions(page);

      await page.click('nav [data-view="history"]');
      const titles = () => page.locator('.history-title').allTextContents();
      const searchFor = async (text, expected) => {
        await page.fill('#history-search', text);
        await page.waitForFunction((wanted) => JSON.stringify([...document.querySelectorAll('.history-title')].map((node) => node.textContent)) === wanted,
          JSON.stringify(expected), { timeout: 20000 });
      };
      await searchFor('LIGHTMAPS', ['alpha question']);
      await searchFor('prefab is', ['beta question']);
      await searchFor('no such words', []);
      assert.match(await page.textContent('#history-list'), /no such words/);
      await searchFor('', ['beta question', 'alpha question']);

      const deleteOf = (title) => page.locator('.history-row', { hasText: title }).locator('.history-delete');
      await deleteOf('beta question').click();
      assert.equal(await deleteOf('beta question').getAttribute('data-armed'), 'true', 'the first click only asks');
      await deleteOf('beta question').click();
      await page.locator('.history-row', { hasText: 'beta question' }).locator('.card-error', { hasText: 'new_session' }).waitFor({ timeout: 20000 });
      assert.deepEqual(await titles(), ['beta question', 'alpha question'], 'the running session is refused and kept');

      await deleteOf('alpha question').click();
      await deleteOf('alpha question').click();
      await page.waitForFunction(() => document.querySelectorAll('.history-title').length === 1, null, { timeout: 20000 });
      assert.deepEqual(await titles(), ['beta question']);
    });
  });
});

// Asks 'alpha question' in one session and 'beta question' in a new one, each answered.
async function twoSessions(page) {
  await sendMessage(page, 'alpha question');
  await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
  await page.click('nav [data-view="history"]');
  await page.click('#new-session');
  await page.waitForFunction(() => !document.querySelector('.message') && document.querySelector('#status-state').dataset.state === 'ready', null, { timeout: 60000 });
  await sendMessage(page, 'beta question');
  await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
}

// The tools a request offers the model: its `tools` array plus the CLI's deferred tools (MCP
// tools), which it announces by name in system reminders, read in conversation order:
// "... before calling them:\n a\n b" adds, "... ToolSearch will return no match:\n a" removes, and
// "... available again in this session (...): a, b." adds back.
// The toggle `id` as host-settings.json holds it, once it reads `enabled` (a toggle left at its
// default is on). The page's note reads the same before and after a save, so the file is what tells.
async function savedToggle(project, id, enabled) {
  const file = path.join(project, 'UserSettings/AgentPanel/host-settings.json');
  // No file yet (the host has not saved the first toggle): every toggle is at its default.
  const read = () => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).modules?.[id]?.enabled ?? true : true);
  for (let attempt = 0; attempt < 100 && read() !== enabled; ++attempt)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return read();
}

function offeredTools(request) {
  const names = new Set((request.body.tools ?? []).map((tool) => tool.name));
  const text = JSON.stringify(request.body.messages ?? []); // Newlines appear escaped, as "\\n".
  const pattern = /(to load tool schemas before calling them:|ToolSearch will return no match:)((?:\\n[A-Za-z0-9_]+)+)|available again in this session \([^)]*\): ([A-Za-z0-9_, ]+)/g;
  for (const [, marker, newlineList, commaList] of text.matchAll(pattern)) {
    if (commaList) {
      for (const name of commaList.split(', ')) names.add(name.trim());
      continue;
    }
    for (const name of newlineList.split('\\n').filter(Boolean))
      if (marker.startsWith('to load')) names.add(name); else names.delete(name);
  }
  return [...names];
}

describe('settings', () => {
  it('lists module packs, toggles one off and on for the running agent without a restart, deletes a rule, and adds and deletes a deny rule', async () => {
    const steps = [{ text: 'tools seen' }, { text: 'tools seen again' }, { text: 'tools back' }];
    await withStack(steps, { settings: { always_allow: ['Bash(ls:*)'] } }, async ({ host, browser, project, fake, restart }) => {
      const page = await openPanel(browser, host.signIn);
      await sendMessage(page, 'which tools?');
      await page.locator('.turn-summary').first().waitFor({ timeout: 60000 });
      const toolNames = offeredTools;
      assert.ok(toolNames(fake.mainRequests()[0]).includes('mcp__uap__echo'), `tools: ${toolNames(fake.mainRequests()[0])}`);

      await page.click('nav [data-view="settings"]');
      const echo = page.locator('.pack[data-pack-id="mcptest.echo"]');
      await echo.waitFor();
      assert.match(await echo.locator('.badge').first().textContent(), /loaded/);
      assert.equal(await echo.locator('input[type="checkbox"]').isChecked(), true);
      // The test pack carries no signature, and the page says so rather than naming a publisher.
      assert.equal(await echo.locator('.pack-publisher.signature-unsigned').textContent(), 'Unsigned: nothing says who made it');
      await echo.locator('summary').click();
      assert.match(await echo.locator('.pack-tools').textContent(), /count_words — writes, undoable, destructive/);
      await page.locator('#rules li[data-rule="Bash(ls:*)"]').waitFor();
      await screenshot(page, 'settings');

      // The project's C# tools have one toggle of their own, saved like a pack's.
      const projectTools = page.locator('.pack[data-pack-id="project-tools"] input[type="checkbox"]');
      assert.equal(await projectTools.isChecked(), true);
      await projectTools.uncheck();
      assert.equal(await savedToggle(project, 'project-tools', false), false);
      await page.locator('.pack[data-pack-id="project-tools"] input[type="checkbox"]').check();
      assert.equal(await savedToggle(project, 'project-tools', true), true);

      // Off: saved, and gone from the running agent's next turn without a restart.
      await echo.locator('input[type="checkbox"]').uncheck();
      assert.equal(await savedToggle(project, 'mcptest-echo', false), false);
      await page.click('nav [data-view="chat"]');
      await sendMessage(page, 'and now?');
      await page.locator('.message.assistant', { hasText: 'tools seen again' }).waitFor({ timeout: 60000 });
      const afterOff = fake.mainRequests().at(-1);
      assert.ok(!toolNames(afterOff).includes('mcp__uap__echo'), `echo left the running agent: ${toolNames(afterOff).filter((name) => name.startsWith('mcp__'))}`);
      assert.ok(toolNames(afterOff).includes('Write'), 'the CLI\'s own tools remain');

      await page.click('nav [data-view="settings"]');
      await page.locator('#rules li[data-rule="Bash(ls:*)"] button').click();
      await page.locator('#rules li', { hasText: 'No always-allow rules' }).waitFor();
      const agentSettings = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/agent-settings.json'), 'utf8'));
      assert.deepEqual(agentSettings.always_allow, []);

      // A deny rule: a malformed one is refused with the host's reason and kept in the field to fix;
      // a good one is saved and listed; delete takes it away again.
      await page.locator('#deny-rules li', { hasText: 'No always-deny rules' }).waitFor();
      await page.fill('#deny-rule', 'rm -rf /');
      await page.click('#deny-form button[type="submit"]');
      await page.locator('#deny-error', { hasText: 'does not start with a tool\'s name' }).waitFor();
      assert.equal(await page.inputValue('#deny-rule'), 'rm -rf /');
      await page.fill('#deny-rule', 'Bash(rm:*)');
      await page.press('#deny-rule', 'Enter');
      await page.locator('#deny-rules li[data-rule="Bash(rm:*)"]').waitFor();
      assert.equal(await page.inputValue('#deny-rule'), '');
      assert.equal(await page.locator('#deny-error').textContent(), '');
      const denied = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/agent-settings.json'), 'utf8'));
      assert.deepEqual(denied.always_deny, ['Bash(rm:*)']);
      await screenshot(page, 'settings-deny');
      // The host's notice about the restart carries a key: the page shows it in its own language.
      await page.click('nav [data-view="chat"]');
      const restartNotice = page.locator('.notice').filter({ hasText: /deny list only when it starts.*--resume now|拒否リストを起動時にしか読まない/ }).last();
      await restartNotice.waitFor({ timeout: 10000 });
      assert.match(await restartNotice.textContent(), /^the CLI reads its deny list only when it starts, so it is restarted with --resume now/);
      await page.evaluate(() => window.uapPanel.setLanguage('ja'));
      await page.locator('.notice', { hasText: 'CLI は拒否リストを起動時にしか読まないため、いま --resume で再起動します' }).waitFor({ timeout: 10000 });
      await screenshot(page, 'notice-ja');
      await page.evaluate(() => window.uapPanel.setLanguage('en'));
      await page.click('nav [data-view="settings"]');
      await page.locator('#deny-rules li[data-rule="Bash(rm:*)"] button').click();
      await page.locator('#deny-rules li', { hasText: 'No always-deny rules' }).waitFor();

      // After a restart the pack is still off; enabling it loads it into the running host (the
      // registry follows the settings), so the next turn has its tools without another restart.
      const current = await restart();
      const reopened = await openPanel(browser, current.signIn);
      await reopened.click('nav [data-view="settings"]');
      const disabled = reopened.locator('.pack[data-pack-id="mcptest.echo"]');
      await disabled.locator('.badge', { hasText: 'disabled' }).waitFor();
      await disabled.locator('input[type="checkbox"]').check();
      await reopened.locator('#packs-note', { hasText: 'reach the agent now' }).waitFor();
      await reopened.locator('.pack[data-pack-id="mcptest.echo"] .badge', { hasText: 'loaded' }).waitFor();
      await reopened.click('nav [data-view="chat"]');
      await sendMessage(reopened, 'back?');
      await reopened.locator('.message.assistant', { hasText: 'tools back' }).waitFor({ timeout: 60000 });
      assert.ok(toolNames(fake.mainRequests().at(-1)).includes('mcp__uap__echo'), 'echo is back after the restart');
    });
  });
});

describe('quick actions', () => {
  it('adds the user\'s own in Settings, shows them above the composer in every panel, and fills the box without sending', async () => {
    await withStack([{ text: 'grouped' }], {}, async ({ host, browser, project, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await page.click('nav [data-view="settings"]');
      await page.locator('#own-actions .note', { hasText: 'No quick actions of your own yet.' }).waitFor();
      await page.fill('#own-action-label', 'Tidy up');
      await page.fill('#own-action-prompt', 'Group the loose root objects under folders');
      await page.click('#own-action-form button[type="submit"]');
      await page.locator('#own-actions-state', { hasText: 'Saved for this project.' }).waitFor();
      const saved = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/quick-actions.json'), 'utf8'));
      assert.deepEqual(saved.actions, [{ label: 'Tidy up', prompt: 'Group the loose root objects under folders' }]);
      // A label the host refuses is shown with its reason, and nothing is added.
      await page.fill('#own-action-label', 'Broken');
      await page.fill('#own-action-prompt', 'ring \u0007 the bell');
      await page.click('#own-action-form button[type="submit"]');
      await page.locator('#own-actions-state[data-ok="false"]', { hasText: 'without control characters' }).waitFor();
      assert.equal(await page.locator('.own-action').count(), 1);
      await screenshot(page, 'quick-actions-settings');

      await page.click('nav [data-view="chat"]');
      const button = page.locator('#quick-actions .quick-action[data-action-id="own.0"]');
      assert.equal(await button.textContent(), 'Tidy up');
      await button.click();
      assert.equal(await page.locator('#input').inputValue(), 'Group the loose root objects under folders');
      assert.equal(fake.mainRequests().length, 0, 'choosing an action sends nothing');
      await page.press('#input', 'Enter');
      await page.locator('.message.assistant', { hasText: 'grouped' }).waitFor({ timeout: 60000 });

      // Another panel (and a page opened later) shows the same; deleting there reaches this one.
      const second = await browser.newPage();
      await second.goto(page.url());
      await second.waitForSelector('#connection[data-state="connected"]', { timeout: 60000 });
      await second.locator('#quick-actions .quick-action', { hasText: 'Tidy up' }).waitFor({ timeout: 10000 });
      await second.click('nav [data-view="settings"]');
      await second.locator('.own-action button').click();
      await page.waitForFunction(() => !document.querySelector('#quick-actions .quick-action[data-action-id="own.0"]'), null, { timeout: 10000 });
    });
  });
});

describe('custom instructions', () => {
  it('saves the project\'s instructions in Settings, and the next request carries them', async () => {
    await withStack([{ text: 'noted' }], {}, async ({ host, browser, project, fake }) => {
      const page = await openPanel(browser, host.signIn);
      await page.click('nav [data-view="settings"]');
      const rule = 'Name every GameObject in PascalCase; 日本語も可。';
      await page.fill('#instructions', rule);
      await page.click('#instructions-form button[type="submit"]');
      await page.locator('#instructions-state', { hasText: 'Saved: the next message carries them.' }).waitFor();
      const saved = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/agent-settings.json'), 'utf8'));
      assert.equal(saved.append_system_prompt, rule);
      await screenshot(page, 'custom-instructions');
      await page.click('nav [data-view="chat"]');
      await sendMessage(page, 'rename the cube');
      await page.locator('.message.assistant', { hasText: 'noted' }).waitFor({ timeout: 60000 });
      const system = fake.mainRequests().at(-1).body.system.map((block) => block.text).join('');
      assert.ok(system.includes(rule), 'the request\'s system prompt carries the instructions');
      // A page opened later shows what is saved.
      await page.reload();
      await page.waitForSelector('#connection[data-state="connected"]', { timeout: 60000 });
      await page.click('nav [data-view="settings"]');
      await page.waitForFunction((text) => document.getElementById('instructions').value === text, rule, { timeout: 10000 });
    });
  });
});

describe('sign-in', () => {
  it('shows the first-run card with the fix while the CLI has no login, and again when the API refuses the login mid-session', async () => {
    const steps = [{ text: 'signed in fine' }, { http_error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } }];
    // Subscription only keeps the environment's API key from the CLI, whose HOME has no login.
    await withStack(steps, { settings: { auth: 'subscription_only' } }, async ({ host, browser, project, fake }) => {
      const page = await openPanel(browser, host.signIn);
      const card = page.locator('#sign-in[data-state="signed_out"]');
      await card.waitFor({ timeout: 30000 });
      assert.equal(await card.locator('h2').textContent(), 'Claude Code is not signed in');
      assert.equal(await card.locator('code.command').textContent(), 'claude auth login');
      assert.equal(await card.locator('input[data-setting="subscription_only"]').isChecked(), true);
      await screenshot(page, 'sign-in-card');
      await page.evaluate(() => window.uapPanel.setLanguage('ja'));
      assert.equal(await card.locator('h2').textContent(), 'Claude Code にサインインしていません');
      await screenshot(page, 'sign-in-card-ja');
      await page.evaluate(() => window.uapPanel.setLanguage('en'));

      // Turning subscription-only off hands the key back: saved, checked again, and the card goes.
      // A click, not uncheck(): the card is drawn again at once (checking, then gone), so the box
      // Playwright would read back is already another one.
      await card.locator('input[data-setting="subscription_only"]').click();
      await page.locator('#sign-in').waitFor({ state: 'hidden', timeout: 30000 });
      const saved = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings/AgentPanel/agent-settings.json'), 'utf8'));
      assert.equal(saved.auth, 'automatic');
      await page.click('nav [data-view="settings"]');
      await page.locator('#sign-in-settings .sign-in-method', { hasText: 'Signed in with an API key (ANTHROPIC_API_KEY); Claude Code 2.1.332.' }).waitFor();
      await page.click('nav [data-view="chat"]');

      await sendMessage(page, 'first');
      await page.locator('.message.assistant', { hasText: 'signed in fine' }).waitFor({ timeout: 60000 });
      assert.equal(await page.locator('#sign-in').isHidden(), true);
      await sendMessage(page, 'second');
      const refused = page.locator('#sign-in[data-state="login_rejected"]');
      await refused.waitFor({ timeout: 60000 });
      assert.equal(await refused.locator('h2').textContent(), 'The sign-in was refused');
      assert.match(await refused.locator('.sign-in-detail').textContent(), /Invalid API key.*ANTHROPIC_API_KEY is not accepted/);
      await screenshot(page, 'sign-in-refused');
      assert.equal(fake.mainRequests().length, 2, 'the refused request reached the API once (no retries configured)');

      // "Check again" asks the CLI anew; the key is still there, so the card goes until the API refuses it again.
      await refused.locator('button[data-action="check-sign-in"]').click();
      await page.locator('#sign-in').waitFor({ state: 'hidden', timeout: 30000 });
    });
  });
});
