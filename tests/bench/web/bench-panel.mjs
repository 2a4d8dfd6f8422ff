// Browser panel benchmark (not part of the test run): with the real host, the real CLI on the fake
// Messages API and Debian's Chromium, it measures
//   1. page open → first paint of a 2,000-item transcript (the project's last session, reopened
//      by the host at start and delivered in the first snapshot), over several page loads;
//   2. text_delta arrival → the animation frame that renders it, for a streamed answer.
// Usage: UAP_HOST_BINARY=build/release/bin/uap-host UAP_TEST_PLUGINS=build/release/test-plugins/mcp \
//        node tests/bench/web/bench-panel.mjs
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { launchBrowser, requireEnvironment, screenshot, startStack, stopAll } from '../../node/browser/stack.mjs';

const pairs = 1000; // 2,000 transcript items.
const loads = 5;

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

// A CLI transcript with `pairs` user/assistant exchanges, as ~/.claude/projects/<mangled cwd>/<id>.jsonl.
function writeTranscript(project, home) {
  const folder = path.join(home, '.claude', 'projects', project.replace(/[^A-Za-z0-9]/g, '-'));
  fs.mkdirSync(folder, { recursive: true });
  const sessionId = randomUUID();
  const lines = [];
  for (let index = 0; index < pairs; ++index) {
    lines.push(JSON.stringify({ type: 'user', sessionId, uuid: randomUUID(), message: { role: 'user', content: `Question ${index}: how do I move the camera?` } }));
    lines.push(JSON.stringify({ type: 'assistant', sessionId, uuid: randomUUID(), message: { role: 'assistant', content: [{ type: 'text',
      text: `Answer ${index}: use **Transform.position**.\n\n- select the camera\n- set \`position\`\n\n\`\`\`csharp\ncamera.transform.position = new Vector3(0, ${index}, -10);\n\`\`\`` }] } }));
  }
  fs.writeFileSync(path.join(folder, `${sessionId}.jsonl`), `${lines.join('\n')}\n`);
}

// Records when the transcript first holds `count` messages and the frame after it (in page time).
const firstRenderProbe = (count) => {
  window.__firstRender = null;
  const watch = () => {
    const transcript = document.getElementById('transcript');
    if (!transcript) return requestAnimationFrame(watch);
    new MutationObserver((_, observer) => {
      if (window.__firstRender === null && transcript.querySelectorAll('.message').length >= count) {
        observer.disconnect();
        window.__firstRender = 'pending';
        requestAnimationFrame(() => { window.__firstRender = performance.now(); });
      }
    }).observe(transcript, { childList: true });
  };
  document.addEventListener('DOMContentLoaded', watch);
};

// Wraps the page's WebSocket message listeners: for each text_delta, the time from its arrival to
// the next animation frame (the panel renders streamed text once per frame).
const deltaProbe = () => {
  window.__deltaLatencies = [];
  const original = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return original.call(this, type, listener, options);
    return original.call(this, type, (event) => {
      const arrived = performance.now();
      listener(event);
      if (typeof event.data === 'string' && event.data.includes('"type":"text_delta"'))
        requestAnimationFrame(() => window.__deltaLatencies.push(performance.now() - arrived));
    }, options);
  };
};

requireEnvironment();
const answer = Array.from({ length: 300 }, (_, index) => `token${index}`).join(' ');
const stack = await startStack([{ text: answer, delay_ms: 15 }], { beforeHost: ({ project, env }) => writeTranscript(project, env.HOME) });
const browser = await launchBrowser();
try {
  const firstRenders = [];
  for (let load = 0; load < loads; ++load) {
    const link = await new Promise((resolve, reject) => {
      import('node:child_process').then(({ execFile }) => execFile(process.env.UAP_HOST_BINARY, ['open', '--project', stack.project, '--print-only'],
        (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))));
    });
    const page = await browser.newPage();
    await page.addInitScript(firstRenderProbe, pairs * 2);
    await page.goto(link);
    await page.waitForFunction(() => typeof window.__firstRender === 'number', null, { timeout: 60000, polling: 100 });
    firstRenders.push(await page.evaluate(() => window.__firstRender));
    if (load === 0) console.log(`screenshot: ${await screenshot(page, 'long-transcript')}`);
    await page.close();
  }

  const page = await browser.newPage();
  await page.addInitScript(deltaProbe);
  await page.goto(await new Promise((resolve, reject) => {
    import('node:child_process').then(({ execFile }) => execFile(process.env.UAP_HOST_BINARY, ['open', '--project', stack.project, '--print-only'],
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))));
  }));
  await page.waitForSelector('#connection[data-state="connected"]');
  await page.click('nav [data-view="history"]');
  await page.click('#new-session');
  await page.click('nav [data-view="chat"]');
  await page.waitForFunction(() => document.querySelector('#status-state')?.dataset.state === 'ready', null, { timeout: 60000 });
  await page.fill('#input', 'stream something long');
  await page.press('#input', 'Enter');
  await page.waitForSelector('.turn-summary', { timeout: 120000 });
  const latencies = await page.evaluate(() => window.__deltaLatencies);

  console.log(`first paint of a ${pairs * 2}-item transcript after page open, ${loads} loads (ms): ` +
    `median ${percentile(firstRenders, 0.5).toFixed(0)}, max ${Math.max(...firstRenders).toFixed(0)} [${firstRenders.map((v) => v.toFixed(0)).join(', ')}]`);
  console.log(`text_delta → rendered frame, ${latencies.length} deltas (ms): median ${percentile(latencies, 0.5).toFixed(1)}, ` +
    `p95 ${percentile(latencies, 0.95).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)}`);
} finally {
  await browser.close();
  await stack.host.stop();
  await stopAll();
}
