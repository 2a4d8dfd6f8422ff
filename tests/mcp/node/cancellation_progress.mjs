// Cancellation and progress end to end against `uap-host serve`, for an isolated and an
// in-process pack: notifications/cancelled, the client closing its connection and the session's
// DELETE each stop a tool that polls is_cancelled, and the cancelled request gets no response; a request with a progressToken gets notifications/progress on an event stream, read by
// the official SDK client. In the isolated pack a tool that ignores cancellation is ended within
// the grace (2 s by default) plus 1 s, and its runner restarts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { check, requireEnvironment, startHost } from './harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const hostilePack = process.env.UAP_HOSTILE_PACK;
// The tool writes its stop file only when it sees the cancellation; without it the call would run
// to its deadline (120 s), and a runner killed after the grace (2 s) writes nothing. So the bound
// only has to sit well below the grace: each check prints the time it measured (tens of ms here,
// up to about 100 ms under Wine), which is the figure to compare builds by.
const limitMs = 1000;

function post(host, session, body, { onRequest } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1', port: host.port, path: '/mcp', method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${host.token}`,
                 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    }, (response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, text }));
      response.on('error', () => resolve({ status: 0, text }));
    });
    request.on('error', (error) => (error.code === 'ECONNRESET' ? resolve({ status: 0, text: '' }) : reject(error)));
    request.end(JSON.stringify(body));
    onRequest?.(request);
  });
}

// Waits until the tool wrote its stop file; returns how long after `since` (wall clock) it did.
async function stoppedAfter(file, since) {
  for (let waited = 0; waited < 5000; waited += 5) {
    if (fs.existsSync(file)) return fs.statSync(file).mtimeMs - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Infinity;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let nextId = 100;
const pollCall = (stopFile) => ({ jsonrpc: '2.0', id: nextId++, method: 'tools/call',
                                  params: { name: 'hostile_poll_cancellation', arguments: { stopFile } } });

for (const isolation of ['isolated', 'in-process']) {
  const host = await startHost(`cancellation-${isolation}`, {
    plugins: [hostilePack], settings: { settingsVersion: 1, isolation: { 'fixture.hostile': isolation } },
  });
  try {
    const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
    const client = new Client({ name: 'uap-cancellation-test', version: '1.0.0' });
    await client.connect(transport);
    const session = transport.sessionId;
    const folder = host.project;

    // 1. notifications/cancelled
    {
      const stopFile = path.join(folder, 'stop-notification');
      const call = pollCall(stopFile);
      const answer = post(host, session, call);
      await sleep(300);
      const cancelledAt = Date.now();
      const accepted = await post(host, session, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: call.id, reason: 'test' } });
      const took = await stoppedAfter(stopFile, cancelledAt);
      check(accepted.status === 202, `${isolation}: notifications/cancelled is accepted`);
      check(took < limitMs, `${isolation}: notifications/cancelled stopped the tool after ${took.toFixed(1)} ms`);
      const response = await answer;
      check(response.status === 202 && response.text === '', `${isolation}: the cancelled call gets no JSON-RPC response (HTTP ${response.status}, "${response.text}")`);
    }
    // 2. the client closes its connection
    {
      const stopFile = path.join(folder, 'stop-disconnect');
      let request;
      const answer = post(host, session, pollCall(stopFile), { onRequest: (sent) => { request = sent; } });
      await sleep(300);
      const closedAt = Date.now();
      request.destroy();
      const took = await stoppedAfter(stopFile, closedAt);
      await answer;
      check(took < limitMs, `${isolation}: closing the connection stopped the tool after ${took.toFixed(1)} ms`);
    }
    // 3. the session's DELETE (a session of its own, so the SDK client's stays open)
    {
      const other = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
      const otherClient = new Client({ name: 'uap-cancellation-delete', version: '1.0.0' });
      await otherClient.connect(other);
      const stopFile = path.join(folder, 'stop-delete');
      const answer = post(host, other.sessionId, pollCall(stopFile));
      await sleep(300);
      const deletedAt = Date.now();
      await other.terminateSession();
      const took = await stoppedAfter(stopFile, deletedAt);
      await answer;
      check(took < limitMs, `${isolation}: ending the session stopped the tool after ${took.toFixed(1)} ms`);
    }
    // 4. progress to the official SDK client, then cancellation through its AbortSignal
    {
      const stopFile = path.join(folder, 'stop-progress');
      const controller = new AbortController();
      const reports = [];
      let abortedAt = 0;
      const call = client.callTool({ name: 'hostile_poll_cancellation', arguments: { stopFile } }, undefined, {
        signal: controller.signal,
        onprogress: (progress) => {
          reports.push(progress);
          if (reports.length === 3) { abortedAt = Date.now(); controller.abort(); }
        },
      });
      let aborted = null;
      try { await call; } catch (error) { aborted = error; }
      const took = await stoppedAfter(stopFile, abortedAt);
      check(reports.length >= 3 && reports.every((report) => report.message === 'still waiting'),
            `${isolation}: the SDK client received notifications/progress (${reports.length}, message "${reports[0]?.message}")`);
      check(reports.every((report, index) => index === 0 || report.progress > reports[index - 1].progress), `${isolation}: progress increases`);
      check(aborted !== null, `${isolation}: the aborted call rejects in the client`);
      check(took < limitMs, `${isolation}: aborting in the SDK client stopped the tool after ${took.toFixed(1)} ms`);
    }
    // 4b. the same through uap_tool_call: the request id that is cancelled is the dispatcher's, and the target stops
    {
      const stopFile = path.join(folder, 'stop-forwarded');
      const controller = new AbortController();
      const reports = [];
      let abortedAt = 0;
      const call = client.callTool({ name: 'uap_tool_call', arguments: { tool: 'hostile_poll_cancellation', arguments: { stopFile } } }, undefined, {
        signal: controller.signal,
        onprogress: (progress) => {
          reports.push(progress);
          if (reports.length === 2) { abortedAt = Date.now(); controller.abort(); }
        },
      });
      try { await call; } catch { /* the abort rejects the call, as checked above */ }
      const took = await stoppedAfter(stopFile, abortedAt);
      check(reports.length >= 2 && took < limitMs,
            `${isolation}: through uap_tool_call, progress arrived (${reports.length}) and aborting stopped the target after ${took.toFixed(1)} ms`);
    }
    // 5. a tool that ignores cancellation: its runner is killed after the grace (isolated only; an
    //    in-process tool cannot be stopped, docs/module-host.md "Cancellation")
    if (isolation === 'isolated') {
      const graceMs = 2000;
      const call = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'hostile_spin', arguments: {} } };
      const answer = post(host, session, call);
      await sleep(300);
      const cancelledAt = Date.now();
      await post(host, session, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: call.id, reason: 'test' } });
      const response = await answer;
      const took = Date.now() - cancelledAt;
      console.log(`ignored cancel: the call ended ${took} ms after notifications/cancelled (grace ${graceMs} ms)`);
      check(took < graceMs + 1000, `${isolation}: a tool that ignores cancellation ended ${took} ms after the cancel (bound ${graceMs + 1000} ms)`);
      check(response.status === 202 && response.text === '', `${isolation}: the killed call gets no JSON-RPC response either`);
      const after = await client.callTool({ name: 'hostile_echo', arguments: { text: 'restarted' } });
      check(after.isError === false && JSON.stringify(after.content).includes('restarted'), `${isolation}: the pack's runner restarted for the next call`);
    }
    const ping = await client.callTool({ name: 'uap_ping', arguments: {} }, undefined, { onprogress: () => {} });
    check(ping.isError === false, `${isolation}: a quick call with a progress token answers on an event stream too`);
  } finally {
    await host.stop();
  }
}
console.log('cancellation and progress: all checks passed');
