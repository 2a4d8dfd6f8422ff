// Helpers for Node tests that run the real `claude` CLI against the fake Anthropic API (server.mjs).
// Every process started here is tracked by pid; call stopAll() from an `after` hook.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const NODE_DIR = path.resolve(here, '..');
export const CLAUDE_BIN = path.join(NODE_DIR, 'node_modules', '.bin', 'claude');
export const SERVER_JS = path.join(here, 'server.mjs');

const children = new Set(); // { pid, group }
const tempDirs = new Set();

// A fresh temporary directory, removed by stopAll(). Short names under /tmp keep the CLI's
// unix-socket paths ($TMPDIR/cc-socks/<pid>.sock) well below the length limit.
export function tempDir(prefix = 'uap-') {
  const dir = fs.mkdtempSync(path.join('/tmp', prefix));
  tempDirs.add(dir);
  return dir;
}

// Tracks a started process so stopAll() ends it (its whole group when `group` is true).
export function track(child, group) {
  const entry = { pid: child.pid, group };
  children.add(entry);
  child.on('exit', () => children.delete(entry));
  return child;
}

// Sends SIGTERM to each tracked process (the whole group for CLI runs), SIGKILL after a grace period,
// then removes the temporary directories.
export async function stopAll(graceMs = 2000) {
  const signal = (e, sig) => { try { process.kill(e.group ? -e.pid : e.pid, sig); } catch { /* gone */ } };
  for (const e of children) signal(e, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (children.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const e of children) signal(e, 'SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Starts server.mjs with the given script (array of steps); resolves once it printed its port.
export async function startFakeAnthropic(script = [], { timeoutMs = 10000 } = {}) {
  const dir = tempDir('fake-');
  const scriptPath = path.join(dir, 'script.json');
  const recordPath = path.join(dir, 'record.jsonl');
  fs.writeFileSync(scriptPath, JSON.stringify(script));
  const proc = track(spawn(process.execPath, [SERVER_JS, '--script', scriptPath, '--record', recordPath],
    { stdio: ['ignore', 'pipe', 'inherit'] }), false);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fake-anthropic did not print its port')), timeoutMs);
    proc.once('exit', (code) => reject(new Error(`fake-anthropic exited early (${code})`)));
    readline.createInterface({ input: proc.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  const records = () => (fs.existsSync(recordPath)
    ? fs.readFileSync(recordPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    : []);
  const mainRequests = () => records().filter((r) => r.kind === 'main');
  return { port, pid: proc.pid, baseUrl: `http://127.0.0.1:${port}`, recordPath, records, mainRequests };
}

// Environment for an offline CLI run: fresh HOME and TMPDIR, API pointed at the fake, no retries.
export function claudeEnv(port) {
  return {
    PATH: process.env.PATH,
    HOME: tempDir('home-'),
    TMPDIR: tempDir('t-'),
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'test-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_MAX_RETRIES: '0',
  };
}

// One stream-json user message line.
export function userLine(text) {
  return JSON.stringify({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });
}

// Runs `claude -p` in stream-json mode, writes the input lines, closes stdin after the first `result`
// line and waits for exit. Resolves { lines, result, code, stderr }; rejects (after killing the CLI) on timeout.
export function runClaude({ port, cwd, input, args = [], timeoutMs = 45000 }) {
  const argv = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', ...args];
  const proc = track(spawn(CLAUDE_BIN, argv, { cwd, env: claudeEnv(port), stdio: ['pipe', 'pipe', 'pipe'], detached: true }), true);
  const lines = [];
  let stderr = '';
  let result = null;
  proc.stderr.on('data', (d) => { stderr += d; });
  proc.stdin.on('error', () => { /* the CLI exited early: reported through its exit code */ });
  readline.createInterface({ input: proc.stdout }).on('line', (line) => {
    let msg;
    try { msg = JSON.parse(line); } catch { return; }
    lines.push(msg);
    if (msg.type === 'result' && !result) {
      result = msg;
      proc.stdin.end();
    }
  });
  for (const line of input) proc.stdin.write(`${line}\n`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try { process.kill(-proc.pid, 'SIGKILL'); } catch { /* gone */ }
      reject(new Error(`claude timed out after ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    proc.on('error', (err) => { clearTimeout(timer); reject(err); });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ lines, result, code, stderr });
    });
  });
}
