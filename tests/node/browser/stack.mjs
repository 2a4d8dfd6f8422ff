// The real stack for browser tests: the fake Messages API (scripted), the real `uap-host serve
// --editor sim --agent` running the real Claude Code CLI, and Debian's Chromium driven by
// playwright-core. Every process is tracked by pid and ended by stopAll().
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { chromium } from 'playwright-core';

import { CLAUDE_BIN, claudeEnv, startFakeAnthropic, stopAll, tempDir, track } from '../fake-anthropic/harness.mjs';

export const HOST_BINARY = process.env.UAP_HOST_BINARY;
export const TEST_PLUGINS = process.env.UAP_TEST_PLUGINS;
export const ARTIFACTS = process.env.UAP_WEB_ARTIFACTS ?? tempDir('web-artifacts-');
export const CHROMIUM = process.env.UAP_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

export { stopAll, tempDir };

export function requireEnvironment() {
  for (const [name, value] of [['UAP_HOST_BINARY', HOST_BINARY], ['UAP_TEST_PLUGINS', TEST_PLUGINS]])
    if (!value) throw new Error(`${name} is not set (run these tests through ctest -L browser)`);
  if (!fs.existsSync(CLAUDE_BIN)) throw new Error(`${CLAUDE_BIN} is missing: run \`npm ci\` in tests/node`);
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-deps.sh (Debian package chromium)`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
}

// Starts uap-host serve on `project` with the CLI pointed at the fake; resolves once it printed
// its sign-in link. `env` is the offline CLI environment (its HOME holds the CLI's transcripts).
export async function startHost({ project, env, plugins = [] }) {
  const pluginArguments = [TEST_PLUGINS, ...plugins].flatMap((folder) => ['--plugins', folder]);
  const host = track(spawn(HOST_BINARY, ['serve', '--project', project, '--editor', 'sim', '--agent', ...pluginArguments],
    { env: { ...env, UAP_LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] }), false);
  let stderr = '';
  host.stderr.on('data', (chunk) => { stderr += chunk; });
  const signIn = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host printed no sign-in link; stderr:\n${stderr}`)), 20000);
    host.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the host exited (${code}); stderr:\n${stderr}`)); });
    readline.createInterface({ input: host.stdout }).on('line', (line) => {
      const match = line.match(/panel: (http:\/\/127\.0\.0\.1:\d+\/login\?code=[0-9a-f]+)/);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
  });
  const origin = new URL(signIn).origin;
  return {
    process: host, signIn, origin, port: Number(new URL(signIn).port), stderr: () => stderr,
    async stop() {
      if (host.exitCode !== null) return;
      const exited = new Promise((resolve) => host.once('exit', resolve));
      host.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
      if (host.exitCode === null) host.kill('SIGKILL');
    },
  };
}

// A project with Assets/, the agent settings (our CLI plus `settings`), the fake API with `steps`
// (an array, or a function of the project folder), and the host. `beforeHost({project, env})` may
// prepare files (e.g. CLI transcripts under env.HOME) before the host starts; `plugins` are more
// pack folders for it.
export async function startStack(steps, { settings = {}, beforeHost, plugins = [] } = {}) {
  const project = tempDir('proj-');
  fs.mkdirSync(path.join(project, 'Assets'), { recursive: true });
  const fake = await startFakeAnthropic(typeof steps === 'function' ? steps(project) : steps);
  const env = claudeEnv(fake.port);
  const settingsDir = path.join(project, 'UserSettings', 'AgentPanel');
  fs.mkdirSync(settingsDir, { recursive: true });
  fs.writeFileSync(path.join(settingsDir, 'agent-settings.json'), JSON.stringify({ cli_path: CLAUDE_BIN, ...settings }));
  await beforeHost?.({ project, env });
  const host = await startHost({ project, env, plugins });
  return { fake, env, project, host };
}

// Debian's Chromium, headless, with a fresh profile folder.
export async function launchBrowser({ colorScheme = 'light' } = {}) {
  const profile = tempDir('chromium-');
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: chromiumArgs, colorScheme, viewport: { width: 1100, height: 800 },
  });
}

// Opens the panel through a sign-in link and waits until the WebSocket is connected.
export async function openPanel(context, signIn) {
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(signIn);
  // Generous: under AddressSanitizer beside another test on two cores, one first connection took
  // longer than 15 s; this waits for a state, it does not measure the host.
  await page.waitForSelector('#connection[data-state="connected"]', { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('#status-state')?.dataset.state === 'ready', null, { timeout: 60000 });
  return page;
}

export async function sendMessage(page, text) {
  await page.fill('#input', text);
  await page.press('#input', 'Enter');
}

export async function screenshot(page, name) {
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

// Closes what a test opened even when it fails.
export async function withStack(steps, options, body) {
  const stack = await startStack(steps, options);
  const browser = await launchBrowser(options?.browser);
  const hosts = [stack.host];
  // Restarts the host on the same project and CLI home (the old one is stopped first).
  const restart = async () => {
    await hosts.at(-1).stop();
    hosts.push(await startHost({ project: stack.project, env: stack.env }));
    return hosts.at(-1);
  };
  try {
    await body({ ...stack, browser, restart });
  } catch (error) {
    // What the page showed when the test failed, beside the other artifacts.
    for (const [index, page] of browser.pages().entries())
      await screenshot(page, `failure-${process.pid}-${index}`).catch(() => {});
    throw error;
  } finally {
    await browser.close();
    for (const host of hosts) await host.stop();
  }
}
