// The stateless 2026-07-28 revision beside the 2025 sessions on the one /mcp route of a running
// `uap-host serve`: the official TypeScript SDK v2 client lists and calls tools with no initialize,
// the raw-HTTP refusals (unsupported revision, missing _meta, header/_meta disagreement, GET and
// DELETE, stale session ids, oversized and malformed bodies), a 1.x client after a 2026 one,
// cancellation and progress without a session, and tools/list_changed on subscriptions/listen.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { check, connectClient, hostCommand, hostPath, requireEnvironment, startHost } from './harness.mjs';

const require = requireEnvironment();
const modern = '2026-07-28';
// As in cancellation_progress.mjs: the stop file is written only when the tool sees the cancellation,
// so the bound only has to sit well below the runner's grace (2 s); each check prints what it measured.
const limitMs = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One POST (or another method) to /mcp; resolves with {status, headers, text, json}.
function send(host, { method = 'POST', body, headers = {}, onRequest } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1', port: host.port, path: '/mcp', method,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${host.token}`,
                 ...headers },
    }, (response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        let json = null;
        try { json = JSON.parse(text); } catch { /* an event stream or no body */ }
        resolve({ status: response.statusCode, headers: response.headers, text, json });
      });
      response.on('error', () => resolve({ status: 0, headers: {}, text, json: null }));
    });
    request.on('error', (error) => (error.code === 'ECONNRESET' ? resolve({ status: 0, headers: {}, text: '', json: null }) : reject(error)));
    if (body !== undefined) request.end(typeof body === 'string' ? body : JSON.stringify(body));
    else request.end();
    onRequest?.(request);
  });
}

let nextId = 1;
// A well-formed 2026-07-28 request: the headers and the _meta envelope agree.
function modernRequest(method, params = {}, { version = modern, meta = {} } = {}) {
  return {
    jsonrpc: '2.0', id: nextId++, method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {},
                                  'io.modelcontextprotocol/clientInfo': { name: 'uap-stateless-test', version: '1.0.0' }, ...meta } },
  };
}
function modernHeaders(body, version = modern) {
  const headers = { 'mcp-protocol-version': version, 'mcp-method': body.method };
  if (body.params?.name !== undefined) headers['mcp-name'] = body.params.name;
  return headers;
}
const postModern = (host, body, extra = {}, options = {}) => send(host, { body, headers: { ...modernHeaders(body), ...extra }, ...options });

async function stoppedAfter(file, since) {
  for (let waited = 0; waited < 5000; waited += 5) {
    if (fs.existsSync(file)) return fs.statSync(file).mtimeMs - since;
    await sleep(5);
  }
  return Infinity;
}

process.env.UAP_LOG_LEVEL = 'info'; // The request log names the revision each request was served under.
const host = await startHost('stateless', { plugins: [process.env.UAP_HOSTILE_PACK] });
try {
  // server/discover, tools/list and tools/call with no initialize and no session.
  {
    const discovered = await postModern(host, modernRequest('server/discover'));
    check(discovered.status === 200 && discovered.json?.result?.resultType === 'complete', `server/discover answers ${discovered.text}`);
    const result = discovered.json.result;
    check(JSON.stringify(result.supportedVersions) === JSON.stringify([modern, '2025-11-25', '2025-06-18', '2025-03-26']),
          `server/discover lists the supported revisions (${result.supportedVersions})`);
    check(result.capabilities?.tools && result._meta?.['io.modelcontextprotocol/serverInfo']?.name === 'uap-host' &&
          Number.isInteger(result.ttlMs) && result.cacheScope === 'private', 'server/discover carries capabilities, serverInfo and caching hints');
    check(discovered.headers['mcp-session-id'] === undefined, 'no Mcp-Session-Id is minted');
    const listed = await postModern(host, modernRequest('tools/list'));
    check(listed.status === 200 && listed.json.result.resultType === 'complete' && listed.json.result.ttlMs === 0 &&
          listed.json.result.tools.some((tool) => tool.name === 'echo'), 'tools/list answers statelessly with resultType and ttlMs');
    const called = await postModern(host, modernRequest('tools/call', { name: 'echo', arguments: { text: 'stateless' } }));
    check(called.status === 200 && called.json.result.resultType === 'complete' && called.json.result.structuredContent?.text === 'stateless',
          `tools/call answers statelessly ${called.text}`);
    const stale = await postModern(host, modernRequest('tools/list'), { 'mcp-session-id': 'deadbeefdeadbeefdeadbeefdeadbeef', 'last-event-id': '7' });
    check(stale.status === 200 && stale.headers['mcp-session-id'] === undefined, 'a stale Mcp-Session-Id and a Last-Event-ID are ignored, not echoed');
  }

  // Refusals, each with the modern error a dual-era client recognizes.
  {
    const future = modernRequest('tools/list', {}, { version: '2099-01-01' });
    const unsupported = await postModern(host, future, { 'mcp-protocol-version': '2099-01-01' });
    check(unsupported.status === 400 && unsupported.json.error.code === -32022 && unsupported.json.error.data.requested === '2099-01-01' &&
          unsupported.json.error.data.supported.includes(modern) && unsupported.json.error.data.supported.includes('2025-11-25'),
          `an unsupported revision gets 400 / -32022 with the supported list: ${unsupported.text}`);
    const headerOnly = await send(host, { body: { jsonrpc: '2.0', id: 90, method: 'tools/list', params: {} },
                                          headers: { 'mcp-protocol-version': '1999-01-01', 'mcp-method': 'tools/list' } });
    check(headerOnly.status === 400 && headerOnly.json.error.code === -32022, 'an unknown revision in the header alone gets -32022 too');
    const bare = { jsonrpc: '2.0', id: 91, method: 'tools/list', params: {} };
    const missingMeta = await send(host, { body: bare, headers: modernHeaders(bare) });
    check(missingMeta.status === 400 && missingMeta.json.error.code === -32602 && missingMeta.json.error.message.includes('_meta'),
          `a 2026-07-28 request without _meta gets 400 / -32602: ${missingMeta.json.error.message}`);
    const noCapabilities = modernRequest('tools/list');
    delete noCapabilities.params._meta['io.modelcontextprotocol/clientCapabilities'];
    const missingCapabilities = await postModern(host, noCapabilities);
    check(missingCapabilities.status === 400 && missingCapabilities.json.error.code === -32602, 'missing clientCapabilities gets 400 / -32602');
    const disagreeing = await postModern(host, modernRequest('tools/list', {}, { version: '2025-11-25' }));
    check(disagreeing.status === 400 && disagreeing.json.error.code === -32020 && disagreeing.json.error.message.includes('2025-11-25'),
          `MCP-Protocol-Version and _meta disagreeing gets 400 / -32020: ${disagreeing.json.error.message}`);
    const wrongMethod = await postModern(host, modernRequest('tools/list'), { 'mcp-method': 'tools/call' });
    check(wrongMethod.status === 400 && wrongMethod.json.error.code === -32020, 'Mcp-Method disagreeing with the body gets -32020');
    const call = modernRequest('tools/call', { name: 'echo', arguments: { text: 'x' } });
    const wrongName = await postModern(host, call, { 'mcp-name': 'explode' });
    check(wrongName.status === 400 && wrongName.json.error.code === -32020, 'Mcp-Name disagreeing with params.name gets -32020');
    const encoded = await postModern(host, modernRequest('tools/call', { name: 'echo', arguments: { text: 'x' } }),
                                     { 'mcp-name': `=?base64?${Buffer.from('echo').toString('base64')}?=` });
    check(encoded.status === 200 && encoded.json.result, 'a base64-encoded Mcp-Name is decoded before the comparison');
    const badlyEncoded = await postModern(host, modernRequest('tools/call', { name: 'echo', arguments: { text: 'x' } }),
                                          { 'mcp-name': `=?base64?${Buffer.from('explode').toString('base64')}?=` });
    check(badlyEncoded.status === 400 && badlyEncoded.json.error.code === -32020, 'a base64 Mcp-Name naming another tool gets -32020');
    const noHeader = modernRequest('tools/list');
    const headerMissing = await send(host, { body: noHeader, headers: { 'mcp-method': 'tools/list' } });
    check(headerMissing.status === 400 && headerMissing.json.error.code === -32020, '_meta without the MCP-Protocol-Version header gets -32020');
    const ping = await postModern(host, modernRequest('ping'));
    check(ping.status === 404 && ping.json.error.code === -32601, 'ping (removed in 2026-07-28) gets 404 / -32601');
    for (const method of ['GET', 'DELETE']) {
      const refused = await send(host, { method, headers: { 'mcp-protocol-version': modern, 'mcp-session-id': 'deadbeef' } });
      check(refused.status === 405 && refused.headers.allow === 'POST', `${method} in the 2026-07-28 revision gets 405 with Allow: POST`);
    }
    const malformed = await send(host, { body: '{"jsonrpc":"2.0","id":1,', headers: { 'mcp-protocol-version': modern, 'mcp-method': 'tools/list' } });
    check(malformed.status === 400 && malformed.json.error.code === -32700, 'a malformed body gets 400 / -32700');
    const oversized = await send(host, { body: `{"pad":"${'x'.repeat(4 * 1024 * 1024)}"}`, headers: { 'mcp-protocol-version': modern } });
    check(oversized.status === 413 || oversized.status === 0, `an oversized body is refused before any parsing (${oversized.status})`);
    const forged = await send(host, { body: modernRequest('tools/list'), headers: { ...modernHeaders({ method: 'tools/list' }), authorization: 'Bearer wrong' } });
    check(forged.status === 401, 'the bearer token is still required');
  }

  // The official TypeScript SDK v2 client, pinned to 2026-07-28 and in its auto mode.
  {
    const { Client, StreamableHTTPClientTransport } = await import(
      path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'client', 'dist', 'index.mjs'));
    for (const mode of [{ pin: modern }, 'auto']) {
      const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
      const client = new Client({ name: 'uap-sdk-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(transport);
      const { tools } = await client.listTools();
      check(tools.some((tool) => tool.name === 'echo'), `the v2 client lists the tools (${JSON.stringify(mode)})`);
      const result = await client.callTool({ name: 'echo', arguments: { text: 'from v2' } });
      check(result.isError === false && result.structuredContent?.text === 'from v2', `the v2 client calls a tool (${JSON.stringify(mode)})`);
      await client.close();
    }
    check(!/session opened for client "uap-sdk-v2"/.test(host.stderr()), 'the v2 client never opened a session');
    check(/mcp: POST tools\/call tool=echo revision=2026-07-28 client=uap-sdk-v2 -> 200/.test(host.stderr()),
          'the host log names the revision and client of the v2 client\'s calls');
  }

  // A 2025 client after the 2026 ones: its session works as before, and a 2026 request carrying
  // that live session id is still served statelessly.
  {
    const client = await connectClient(host, 'uap-sdk-v1');
    const { tools } = await client.listTools();
    check(tools.some((tool) => tool.name === 'echo'), 'the 1.x client initializes a session and lists the tools after 2026 requests');
    const session = client.transport.sessionId;
    check(typeof session === 'string' && session.length === 32, 'the 1.x client got a session id');
    const modernWithSession = await postModern(host, modernRequest('tools/list'), { 'mcp-session-id': session });
    check(modernWithSession.status === 200 && modernWithSession.json.result.resultType === 'complete', 'a 2026 request with a live session id is stateless');
    const again = await client.callTool({ name: 'echo', arguments: { text: 'v1' } });
    check(again.isError === false && again.resultType === undefined, 'the 1.x session is untouched (no resultType in its results)');
    await client.close();
  }

  // Cancellation and progress without a session.
  {
    const folder = host.project;
    const pollCall = (stopFile, meta = {}) => modernRequest('tools/call', { name: 'hostile_poll_cancellation', arguments: { stopFile } }, { meta });
    {
      const stopFile = path.join(folder, 'stateless-disconnect');
      let request;
      const answer = postModern(host, pollCall(stopFile), {}, { onRequest: (sent) => { request = sent; } });
      await sleep(300);
      const closedAt = Date.now();
      request.destroy();
      const took = await stoppedAfter(stopFile, closedAt);
      await answer;
      check(took < limitMs, `closing the connection of a stateless call stopped the tool after ${took.toFixed(1)} ms`);
    }
    {
      const stopFile = path.join(folder, 'stateless-notification');
      const call = pollCall(stopFile);
      const answer = postModern(host, call);
      await sleep(300);
      const cancelledAt = Date.now();
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: call.id, reason: 'test' } };
      const accepted = await send(host, { body: cancel, headers: { 'mcp-protocol-version': modern, 'mcp-method': 'notifications/cancelled' } });
      const took = await stoppedAfter(stopFile, cancelledAt);
      check(accepted.status === 202, 'a stateless notifications/cancelled is accepted');
      check(took < limitMs, `a stateless notifications/cancelled stopped the tool after ${took.toFixed(1)} ms`);
      const response = await answer;
      check(response.status === 202 && response.text === '', 'the cancelled stateless call gets no JSON-RPC response');
    }
    {
      const stopFile = path.join(folder, 'stateless-progress');
      let request;
      let events = '';
      const answer = new Promise((resolve) => {
        const body = pollCall(stopFile, { progressToken: 'p1' });
        request = http.request({ host: '127.0.0.1', port: host.port, path: '/mcp', method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${host.token}`,
                     ...modernHeaders(body) } }, (response) => {
          response.on('data', (chunk) => {
            events += chunk;
            if ((events.match(/notifications\/progress/g) ?? []).length >= 3) request.destroy();
          });
          response.on('close', () => resolve(response.headers['content-type']));
        });
        request.on('error', () => {});
        request.end(JSON.stringify(body));
      });
      const contentType = await answer;
      const closedAt = Date.now();
      const took = await stoppedAfter(stopFile, closedAt);
      check(contentType === 'text/event-stream' && /"progressToken":"p1"/.test(events), 'a stateless call with a progressToken streams notifications/progress');
      check(took < limitMs, `closing the progress stream stopped the tool after ${took.toFixed(1)} ms`);
    }
  }
  // subscriptions/listen: the acknowledgement, then tools/list_changed when a module is disabled
  // and enabled again on the running host.
  {
    let events = '';
    let request;
    const eventCount = (method) => (events.match(new RegExp(`"method":"${method}"`, 'g')) ?? []).length;
    const waitFor = async (condition, what) => {
      for (let waited = 0; waited < 10000; waited += 20) {
        if (condition()) return;
        await sleep(20);
      }
      throw new Error(`timed out waiting for ${what}: ${events}`);
    };
    const body = modernRequest('subscriptions/listen', { notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///x'] } });
    const closed = new Promise((resolve) => {
      request = http.request({ host: '127.0.0.1', port: host.port, path: '/mcp', method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${host.token}`,
                   ...modernHeaders(body) } }, (response) => {
        response.on('data', (chunk) => { events += chunk; });
        response.on('close', resolve);
      });
      request.on('error', resolve);
      request.end(JSON.stringify(body));
    });
    await waitFor(() => eventCount('notifications/subscriptions/acknowledged') === 1, 'the acknowledgement');
    check(events.includes(`"notifications":{"toolsListChanged":true}}`) && events.includes(`"io.modelcontextprotocol/subscriptionId":${body.id}`),
          'subscriptions/listen acknowledges toolsListChanged only (a URI that cannot be watched is left out)');
    const cli = (...words) => execFileSync(...hostCommand([...words, '--project', hostPath(host.project), '--plugins', hostPath(process.env.UAP_MCP_TEST_PLUGINS)]),
                                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const served = async () => (await postModern(host, modernRequest('tools/list'))).json.result.tools.map((tool) => tool.name);
    cli('modules', 'disable', 'mcptest.echo');
    await waitFor(() => eventCount('notifications/tools/list_changed') === 1, 'tools/list_changed after disable');
    check(!(await served()).includes('echo'), 'tools/list_changed arrived on the listen stream after a disable, and tools/list agrees');
    cli('modules', 'enable', 'mcptest.echo');
    await waitFor(() => eventCount('notifications/tools/list_changed') === 2, 'tools/list_changed after enable');
    check((await served()).includes('echo'), 'and again after the enable');
    request.destroy();
    await closed;
  }
} finally {
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
console.log('stateless 2026-07-28 revision: all checks passed');
