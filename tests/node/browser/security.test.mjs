// Security of the browser panel: one-time codes, the session cookie's flags, Origin checks on
// /panel (a page on another origin cannot open it, even on the same loopback host where the
// cookie is shared), model text that must stay inert (<script>, event handlers, javascript:), and
// bypassPermissions only after a warning the user confirmed (the host refuses it otherwise).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { HOST_BINARY, launchBrowser, openPanel, requireEnvironment, screenshot, sendMessage, startStack, stopAll, tempDir } from './stack.mjs';

const hostile = [
  'Inert check.',
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '[click me](javascript:window.__pwned=3)',
  '<a href="javascript:window.__pwned=4">raw link</a>',
  '[safe link](https://example.invalid/docs)',
].join('\n\n');

let stack;
let browser;

before(async () => {
  requireEnvironment();
  stack = await startStack([{ text: hostile }]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.host.stop();
  await stopAll();
});

// A raw WebSocket upgrade request to /panel; resolves with the HTTP status (101 when accepted).
function upgrade(port, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/panel', headers: {
      Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      Host: `127.0.0.1:${port}`, ...headers } });
    request.on('upgrade', (response, socket) => { socket.destroy(); resolve(response.statusCode); });
    request.on('response', (response) => { response.resume(); resolve(response.statusCode); });
    request.on('error', reject);
    request.end();
  });
}

// A page on another origin that tries to open the host's /panel; serves it on 127.0.0.1:<free port>.
async function hostilePageServer(hostPort) {
  const page = `<!doctype html><script>
    window.result = 'pending';
    const socket = new WebSocket('ws://127.0.0.1:${hostPort}/panel');
    socket.onopen = () => { window.result = 'opened'; };
    socket.onmessage = (event) => { window.result = 'message: ' + event.data.slice(0, 40); };
    socket.onerror = () => { if (window.result === 'pending') window.result = 'refused'; };
  </script>`;
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('sign-in', () => {
  it('sets an HttpOnly SameSite=Strict cookie that scripts cannot read', async () => {
    const page = await openPanel(browser, stack.host.signIn);
    const cookies = await browser.cookies(stack.host.origin);
    const session = cookies.find((cookie) => cookie.name === 'uap_panel');
    assert.ok(session, `a session cookie was set (cookies: ${JSON.stringify(cookies.map((c) => c.name))})`);
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.domain, '127.0.0.1');
    assert.equal(await page.evaluate(() => document.cookie.includes('uap_panel')), false);
  });

  it('refuses a used code and an unknown code', async () => {
    const page = await browser.newPage();
    const reused = await page.goto(stack.host.signIn);
    assert.equal(reused.status(), 403);
    assert.match(await page.textContent('body'), /already used/);
    const unknown = await page.goto(`${stack.host.origin}/login?code=${'ab'.repeat(24)}`);
    assert.equal(unknown.status(), 403);
    const missing = await page.goto(`${stack.host.origin}/login`);
    assert.equal(missing.status(), 400);
    await page.close();
  });

  it('uap-host open prints a fresh link and hands it to $BROWSER', async () => {
    const folder = tempDir('opener-');
    const received = path.join(folder, 'url.txt');
    const opener = path.join(folder, 'opener.sh');
    fs.writeFileSync(opener, `#!/bin/sh\nprintf '%s' "$1" > '${received}'\n`, { mode: 0o700 });
    const output = await new Promise((resolve, reject) => {
      const child = spawn(HOST_BINARY, ['open', '--project', stack.project], { env: { ...process.env, BROWSER: opener } });
      let stdout = '';
      child.stdout.on('data', (chunk) => { stdout += chunk; });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`uap-host open exited ${code}`))));
    });
    assert.match(output, /^http:\/\/127\.0\.0\.1:\d+\/login\?code=[0-9a-f]{48}$/);
    assert.equal(fs.readFileSync(received, 'utf8'), output);
    const context = await launchBrowser();
    try {
      await openPanel(context, output);
    } finally {
      await context.close();
    }
  });
});

describe('uap-host open refusals', () => {
  const run = (args) => new Promise((resolve) => {
    const child = spawn(HOST_BINARY, args);
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('exit', (code) => resolve({ code, stderr }));
  });

  it('says how to start a host when none serves the project, and needs --project', async () => {
    const empty = tempDir('no-host-');
    const missing = await run(['open', '--project', empty]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no running host found/);
    assert.match(missing.stderr, /uap-host serve --project /);
    const usage = await run(['open']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /uap-host open --project DIR/);
  });
});

describe('the /panel WebSocket', () => {
  it('cannot be opened by a page on another origin, even with the session cookie in the browser', async () => {
    await openPanel(browser, await freshLink());
    for (const name of ['127.0.0.1', 'localhost']) {
      const server = await hostilePageServer(stack.host.port);
      try {
        const page = await browser.newPage();
        await page.goto(`http://${name}:${server.address().port}/`);
        await page.waitForFunction(() => window.result !== 'pending', null, { timeout: 10000 });
        assert.equal(await page.evaluate(() => window.result), 'refused', `a page on ${name}:<other port> was refused`);
        await page.close();
      } finally {
        server.close();
      }
    }
  });

  it('takes the cookie only together with this server\'s Origin', async () => {
    const cookies = await browser.cookies(stack.host.origin);
    const session = cookies.find((cookie) => cookie.name === 'uap_panel');
    assert.ok(session);
    const cookie = `uap_panel=${session.value}`;
    const origin = stack.host.origin;
    assert.equal(await upgrade(stack.host.port, { Cookie: cookie, Origin: origin }), 101);
    assert.equal(await upgrade(stack.host.port, { Cookie: cookie }), 401, 'no Origin: not a browser, so a bearer token is required');
    assert.equal(await upgrade(stack.host.port, { Cookie: cookie, Origin: 'http://127.0.0.1:1' }), 403);
    assert.equal(await upgrade(stack.host.port, { Cookie: 'uap_panel=00ff', Origin: origin }), 401);
    assert.equal(await upgrade(stack.host.port, { Origin: origin }), 401);
    const token = fs.readFileSync(path.join(stack.project, 'UserSettings', 'AgentPanel', 'tokens', 'panel.token'), 'utf8').trim();
    assert.equal(await upgrade(stack.host.port, { Authorization: `Bearer ${token}` }), 101, 'the bearer header keeps working');
  });
});

describe('model text', () => {
  it('never runs scripts or javascript: links', async () => {
    const page = await openPanel(browser, await freshLink());
    await sendMessage(page, 'show me something');
    await page.waitForSelector('.turn-summary', { timeout: 60000 });
    const message = page.locator('.message.assistant').last();
    assert.match(await message.textContent(), /Inert check/);
    assert.equal(await message.locator('script, img, iframe, [onerror]').count(), 0, 'no markup from the model reached the DOM');
    assert.match(await message.textContent(), /<script>window.__pwned = 1<\/script>/, 'the markup is shown as text');
    assert.match(await message.textContent(), /click me/);
    assert.equal(await message.locator('a[href^="https:"]').count(), 1, 'the safe link stays a link');
    for (const link of await message.locator('a').all()) {
      const href = await link.getAttribute('href');
      assert.ok(href === null || href.startsWith('https:'), `link href ${href}`);
      if (href) {
        assert.equal(await link.getAttribute('target'), '_blank');
        assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      }
    }
    const inert = message.locator('a.inert-link');
    if (await inert.count()) await inert.first().click();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  });
});

// Last: it leaves the shared session in bypassPermissions mode (or with the CLI's refusal of it).
describe('permission mode', () => {
  it('asks before bypassPermissions, sends it only confirmed, and the host refuses it unconfirmed', async () => {
    const page = await openPanel(browser, await freshLink());
    // Every set_permission_mode the page sends, with the host's answer.
    await page.evaluate(() => {
      window.sentModes = [];
      const connection = window.uapPanel.connection;
      const command = connection.command.bind(connection);
      connection.command = async (type, fields) => {
        const result = await command(type, fields);
        if (type === 'set_permission_mode') window.sentModes.push({ fields, result });
        return result;
      };
    });
    const refused = await page.evaluate(() => window.uapPanel.connection.command('set_permission_mode', { mode: 'bypassPermissions' }));
    assert.equal(refused.ok, false);
    assert.match(refused.error, /^bypassPermissions was not turned on: .*without a permission card.*"confirm_bypass": true/);
    await page.evaluate(() => { window.sentModes = []; });

    const select = page.locator('#status-permission-mode');
    const dialog = page.locator('#bypass-dialog');
    assert.match(await select.locator('option[value="bypassPermissions"]').textContent(), /asks nothing/);
    await select.selectOption('bypassPermissions');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.textContent(), /runs every tool without asking you/);
    assert.equal(await select.inputValue(), 'default', 'the select keeps the mode in force while the warning is open');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'cancel-bypass', 'the safe answer has the focus');
    await dialog.locator('.cancel-bypass').click();
    await dialog.waitFor({ state: 'hidden' });
    await select.selectOption('bypassPermissions');
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(await page.evaluate(() => window.sentModes), [], 'cancel and Escape send nothing');
    assert.equal(await select.inputValue(), 'default');

    await select.selectOption('bypassPermissions');
    await dialog.waitFor({ state: 'visible' });
    await screenshot(page, 'bypass-warning');
    await dialog.locator('.confirm-bypass').click();
    await page.waitForFunction(() => window.sentModes.length === 1);
    const sent = await page.evaluate(() => window.sentModes[0]);
    assert.deepEqual(sent.fields, { mode: 'bypassPermissions', confirm_bypass: true });
    assert.equal(sent.result.ok, true, sent.result.error);
    // What the real CLI makes of it: it switches (the status follows) or refuses (a notice says why).
    await page.waitForFunction(() => window.uapPanel.status.status.permission_mode === 'bypassPermissions'
      || /permission mode was not changed/.test(document.getElementById('transcript').textContent), null, { timeout: 20000 });
    const mode = await page.evaluate(() => window.uapPanel.status.status.permission_mode);
    const notice = await page.locator('.notice').allTextContents();
    console.log(`after the confirmed bypassPermissions: mode ${mode}; notices ${JSON.stringify(notice)}`);
  });

  it('shows the kinds that ask at every level as checked boxes and saves a box the user clears', async () => {
    const page = await openPanel(browser, await freshLink());
    await page.click('nav [data-view="settings"]');
    const destructive = page.locator('input[data-always-ask="destructive"]');
    const notUndoable = page.locator('input[data-always-ask="not_undoable"]');
    assert.equal(await destructive.isChecked(), true, 'both kinds ask by default');
    assert.equal(await notUndoable.isChecked(), true);
    await notUndoable.uncheck();
    await page.waitForFunction(() => JSON.stringify(window.uapPanel.status.status.always_ask) === '["destructive"]');
    const saved = JSON.parse(fs.readFileSync(path.join(stack.project, 'UserSettings', 'AgentPanel', 'agent-settings.json'), 'utf8'));
    assert.deepEqual(saved.always_ask, ['destructive']);
    await screenshot(page, 'always-ask');
    await notUndoable.check();
    await page.waitForFunction(() => window.uapPanel.status.status.always_ask?.length === 2);
  });
});

// A new one-time link from the running host (each test signs in afresh).
async function freshLink() {
  return new Promise((resolve, reject) => {
    const child = spawn(HOST_BINARY, ['open', '--project', stack.project, '--print-only']);
    let stdout = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.on('exit', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`uap-host open exited ${code}`))));
  });
}
