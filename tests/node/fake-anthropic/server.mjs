// Scripted fake of the Anthropic Messages API, so the real `claude` CLI can run fully offline in tests.
// Usage: node server.mjs [--script FILE] [--record FILE]   (prints {"port":N} on stdout once listening)
//
// Script: a JSON array of steps, consumed in order by main-conversation requests (see isMainRequest):
//   {"text": "..."}                                   one text block, stop_reason end_turn
//   {"tool_use": {"name": "Read", "input": {...}}}    one tool_use block (id toolu_fake_N), stop_reason tool_use
//   {"blocks": [{"text": "..."}, {"tool_use": {...}}]} several blocks; stop_reason tool_use if any is a tool_use
//   {"thinking": "..."} (inside "blocks")             a thinking block, streamed as thinking_delta + signature_delta
//   {"http_error": {"status": 401, "type": "authentication_error", "message": "..."}}
//                                                     the request fails with that status and API error body
//                                                     (e.g. a login that expired mid-session)
// Optional on any step: "times" (the step answers that many main requests before it is used up; a CLI
// retries a failed request, so a lasting fault needs more than one), "delay_ms" (pause before each delta, so a test can interrupt mid-stream) and
// "match" (the step is used only for a request whose last user message contains this substring).
// Per main request: the first unused step whose "match" is found wins, else the first unused step without
// "match". Nothing left: the answer is "(script exhausted)".
//
// Record: one JSON line per request, {"path","method","headers","body","kind"}, appended before answering;
// x-api-key and authorization values are replaced by "<redacted>". kind is "main", "side" or "other".

import http from 'node:http';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: { script: { type: 'string' }, record: { type: 'string' } },
});
const scriptPath = opts.script ?? process.env.FAKE_ANTHROPIC_SCRIPT;
const recordPath = opts.record ?? process.env.FAKE_ANTHROPIC_RECORD;

const steps = scriptPath ? JSON.parse(fs.readFileSync(scriptPath, 'utf8')) : [];
if (!Array.isArray(steps)) throw new Error(`${scriptPath}: the script must be a JSON array of steps`);
const used = new Array(steps.length).fill(false);
const served = new Array(steps.length).fill(0);

let toolUseCounter = 0;
let messageCounter = 0;
const EXHAUSTED = '(script exhausted)';
const SIDE_TEXT = 'ok';

// Side-request rule, from what CLI 2.1.332 sends (-p, stream-json, API key): a main-conversation turn is
// always a streaming request that carries the agent's tool list (`tools`, 12 built-ins by default, more with
// MCP), a large max_tokens (32000-128000) and `thinking`. Subagent turns (Task/Agent tool) look the same
// (their system prompt has "cc_is_subagent=true") and DO consume steps, racing with the parent: use "match".
// Auxiliary calls differ: the set_model probe (seen: non-streaming, max_tokens:1, no `tools`); title, summary
// and classifier queries were not seen in -p runs, but the binary sends them as "toolFreeHelper" queries
// (no tools; the title one asks for a json_schema output format).
// So: main = stream:true AND a non-empty `tools` array AND max_tokens > 1. Everything else is a side
// request: it gets a short answer ("ok", or a minimal object for a json_schema format) and never consumes
// a step. Consequence: a CLI run with `--tools ""` sends only side requests.
function isMainRequest(body) {
  return body?.stream === true
    && Array.isArray(body.tools) && body.tools.length > 0
    && !(typeof body.max_tokens === 'number' && body.max_tokens <= 1);
}

// The smallest value that fits a JSON schema, so structured-output side queries parse.
function sampleFor(schema) {
  if (!schema || typeof schema !== 'object') return null;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object': return Object.fromEntries(Object.entries(schema.properties ?? {})
      .filter(([k]) => (schema.required ?? []).includes(k)).map(([k, v]) => [k, sampleFor(v)]));
    case 'array': return [];
    case 'string': return SIDE_TEXT;
    case 'number': case 'integer': return 0;
    case 'boolean': return false;
    default: return null;
  }
}

function sideStep(body) {
  const format = body?.output_config?.format ?? body?.output_format;
  if (format?.type === 'json_schema') return { text: JSON.stringify(sampleFor(format.schema)) };
  return { text: SIDE_TEXT };
}

// All text (text blocks and tool_result contents) of the last user message, for "match".
function lastUserText(body) {
  const users = (body?.messages ?? []).filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  const collect = (c) => {
    if (typeof c === 'string') return c;
    if (!Array.isArray(c)) return '';
    return c.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? collect(b.content) : '')).join('\n');
  };
  return last ? collect(last.content) : '';
}

function nextStep(body) {
  const text = lastUserText(body);
  const free = (k) => !used[k];
  let i = steps.findIndex((s, k) => free(k) && s.match !== undefined && text.includes(s.match));
  if (i < 0) i = steps.findIndex((s, k) => free(k) && s.match === undefined);
  if (i < 0) return { text: EXHAUSTED };
  served[i] += 1;
  if (served[i] >= (Number(steps[i].times) || 1)) used[i] = true;
  return steps[i];
}

// A step as a list of content blocks in API shape, plus its stop reason.
function stepToMessage(step) {
  const parts = step.blocks ?? [step];
  const content = parts.map((p) => {
    if (p.tool_use) {
      toolUseCounter += 1;
      return { type: 'tool_use', id: `toolu_fake_${toolUseCounter}`, name: p.tool_use.name, input: p.tool_use.input ?? {} };
    }
    if (p.thinking !== undefined) return { type: 'thinking', thinking: String(p.thinking), signature: 'fake-signature' };
    return { type: 'text', text: String(p.text ?? '') };
  });
  const stopReason = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  return { content, stopReason };
}

function usage(body, outputTokens) {
  const inputTokens = Math.max(1, Math.ceil(JSON.stringify(body?.messages ?? []).length / 4));
  return { input_tokens: inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

function messageJson(body, content, stopReason) {
  messageCounter += 1;
  return {
    id: `msg_fake_${messageCounter}`, type: 'message', role: 'assistant', model: body?.model ?? 'claude-fake',
    content, stop_reason: stopReason, stop_sequence: null, usage: usage(body, 5),
  };
}

// Splits a string into a few chunks, so deltas arrive in pieces like the real API's.
function chunks(s, size = 12) {
  const out = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function streamMessage(res, body, content, stopReason, delayMs) {
  let closed = false;
  res.on('close', () => { closed = true; });
  const send = (type, data) => {
    if (!closed) res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  const pause = async () => { if (delayMs > 0) await sleep(delayMs); };

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_fake_${messageCounter + 1}` });
  const msg = messageJson(body, [], null);
  send('message_start', { message: { ...msg, usage: { ...msg.usage, output_tokens: 1 } } });
  for (const [index, block] of content.entries()) {
    if (closed) break;
    if (block.type === 'tool_use') {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      for (const part of chunks(JSON.stringify(block.input), 24)) {
        await pause();
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } });
      }
    } else if (block.type === 'thinking') {
      send('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const part of chunks(block.thinking)) {
        await pause();
        send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: part } });
      }
      send('content_block_delta', { index, delta: { type: 'signature_delta', signature: block.signature } });
    } else {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const part of chunks(block.text)) {
        await pause();
        send('content_block_delta', { index, delta: { type: 'text_delta', text: part } });
      }
    }
    send('content_block_stop', { index });
  }
  send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  send('message_stop', {});
  if (!closed) res.end();
}

function sendJson(res, status, obj) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(obj));
}

function record(entry) {
  if (!recordPath) return;
  const headers = { ...entry.headers };
  for (const h of ['x-api-key', 'authorization']) if (h in headers) headers[h] = '<redacted>';
  fs.appendFileSync(recordPath, `${JSON.stringify({ ...entry, headers })}\n`);
}

async function handle(req, res) {
  const path = new URL(req.url, 'http://x').pathname;
  let raw = '';
  for await (const chunk of req) raw += chunk;
  let body = null;
  try { body = raw ? JSON.parse(raw) : null; } catch { body = raw; }

  const isMessages = req.method === 'POST' && path === '/v1/messages';
  const kind = isMessages ? (isMainRequest(body) ? 'main' : 'side') : 'other';
  record({ path: req.url, method: req.method, headers: req.headers, body, kind });

  if (isMessages) {
    const step = kind === 'main' ? nextStep(body) : sideStep(body);
    if (step.http_error) {
      const { status = 500, type = 'api_error', message = 'fake-anthropic: scripted error' } = step.http_error;
      return sendJson(res, Number(status), { type: 'error', error: { type: String(type), message: String(message) } });
    }
    const { content, stopReason } = stepToMessage(step);
    if (body?.stream === true) return streamMessage(res, body, content, stopReason, Number(step.delay_ms) || 0);
    return sendJson(res, 200, messageJson(body, content, stopReason));
  }
  if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
    return sendJson(res, 200, { input_tokens: usage(body, 0).input_tokens });
  }
  // The CLI's connectivity check (sent unless CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1).
  if (path === '/api/hello') return sendJson(res, 200, {});
  sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `fake-anthropic: no route for ${req.method} ${path}` } });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    process.stderr.write(`fake-anthropic: ${err.stack}\n`);
    if (!res.headersSent) sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(err) } });
    else res.destroy();
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
