// Self-test of the fake Anthropic API: the real `claude` CLI answers from a script, fully offline.
// Run: node --test fake-anthropic/selftest.mjs   (from tests/node, after `npm ci`)

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runClaude, startFakeAnthropic, stopAll, tempDir, userLine } from './harness.mjs';

after(() => stopAll());

// Text of a message's content (string or blocks, tool_result contents included), for assertions.
const textOf = (content) => JSON.stringify(content);

describe('fake-anthropic with the real claude CLI', () => {
  test('a scripted text step becomes the result', { timeout: 60000 }, async () => {
    const fake = await startFakeAnthropic([{ text: 'hello from fake' }]);
    const cwd = tempDir('cwd-');
    const run = await runClaude({ port: fake.port, cwd, input: [userLine('please greet me, marker-7731')] });

    assert.ok(run.result, `no result line; stderr: ${run.stderr}`);
    assert.equal(run.result.is_error, false);
    assert.match(run.result.result, /hello from fake/);
    assert.equal(run.code, 0);

    const main = fake.mainRequests();
    assert.equal(main.length, 1);
    const userTexts = main[0].body.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
    assert.ok(userTexts.some((t) => t.includes('marker-7731')), 'the user message reached the model');
    assert.equal(main[0].headers['x-api-key'], '<redacted>');
  });

  test('a tool_use step runs Read and the next request carries its tool_result', { timeout: 60000 }, async () => {
    const cwd = tempDir('cwd-');
    const file = path.join(cwd, 'note.txt');
    fs.writeFileSync(file, 'the secret content 4242\n');
    const fake = await startFakeAnthropic([
      { tool_use: { name: 'Read', input: { file_path: file } } },
      { text: 'read it' },
    ]);
    const run = await runClaude({ port: fake.port, cwd, input: [userLine('read note.txt')], args: ['--allowedTools', 'Read'] });

    assert.ok(run.result, `no result line; stderr: ${run.stderr}`);
    assert.equal(run.result.is_error, false);
    assert.match(run.result.result, /read it/);

    const main = fake.mainRequests();
    assert.equal(main.length, 2);
    const last = main[1].body.messages.filter((m) => m.role === 'user').at(-1);
    const toolResult = last.content.find((b) => b.type === 'tool_result');
    assert.ok(toolResult, 'the second request ends with a tool_result');
    assert.equal(toolResult.tool_use_id, 'toolu_fake_1');
    assert.ok(!toolResult.is_error, `tool_result is an error: ${textOf(toolResult.content)}`);
    assert.match(textOf(toolResult.content), /the secret content 4242/);
  });
});

describe('fake-anthropic over plain HTTP', () => {
  test('side requests keep the script; match picks a step', { timeout: 10000 }, async () => {
    const fake = await startFakeAnthropic([{ text: 'first' }, { match: 'PICK-ME', text: 'matched' }]);
    const post = async (body) => {
      const res = await fetch(`${fake.baseUrl}/v1/messages?beta=true`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      return res.headers.get('content-type').includes('json') ? (await res.json()).content[0].text : res.text();
    };
    const main = (text) => ({ model: 'm', max_tokens: 100, stream: true, tools: [{ name: 'Read' }], messages: [{ role: 'user', content: text }] });

    // Non-streaming probe (max_tokens:1) and a tool-free streaming helper: side requests.
    assert.equal(await post({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'Hi' }] }), 'ok');
    assert.match(await post({ ...main('title?'), tools: [] }), /"text":"ok"/);
    // The matching step is picked out of order; then the unmatched one; then the script is exhausted.
    assert.match(await post(main('please PICK-ME')), /"text":"matched"/);
    assert.match(await post(main('anything')), /"text":"first"/);
    assert.match(await post(main('more')), /script exha/);

    assert.deepEqual(fake.records().map((r) => r.kind), ['side', 'side', 'main', 'main', 'main']);
    const notFound = await fetch(`${fake.baseUrl}/v1/other`);
    assert.equal(notFound.status, 404);
    await notFound.body?.cancel();
  });
});
