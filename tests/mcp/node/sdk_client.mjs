// The official TypeScript SDK client (Client + StreamableHTTPClientTransport with the bearer header)
// against a running `uap-host serve`: initialize, list, call; plus the HTTP-level rejections.
import http from 'node:http';
import { check, requireEnvironment, startHost } from './harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

function rawPost(port, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', setHost: false,
                                   headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
                                 (response) => { response.resume(); response.on('end', () => resolve(response.statusCode)); });
    request.on('error', reject);
    request.end(body);
  });
}

// Declares a 5 MiB body but sends none: the host must refuse from the header alone.
function declaredOversize(port, own) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', setHost: false,
                                   headers: { host: own, 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) } },
                                 (response) => { response.resume(); resolve(response.statusCode); request.destroy(); });
    request.on('error', (error) => { if (error.code !== 'ECONNRESET') reject(error); });
    request.flushHeaders();
  });
}

const host = await startHost('sdk-client', { settings: { settingsVersion: 1, modules: { 'mcptest-hidden': { enabled: false } } } });
try {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), {
    requestInit: { headers: { Authorization: `Bearer ${host.token}` } },
  });
  const client = new Client({ name: 'uap-sdk-client-test', version: '1.0.0' });
  await client.connect(transport);
  check(typeof transport.sessionId === 'string' && transport.sessionId.length >= 32, 'initialize opened a session');
  check(client.getServerVersion()?.name === 'uap-host', 'server info names uap-host');
  check(client.getServerCapabilities()?.tools !== undefined, 'tools capability declared');

  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  check(names.includes('echo') && names.includes('count_words'), `tools/list shows the enabled tools (${names.join(', ')})`);
  check(!names.includes('hidden_tool'), 'tools/list hides the disabled module');
  const echo = tools.find((tool) => tool.name === 'echo');
  check(echo.annotations?.readOnlyHint === true && echo.annotations?.openWorldHint === false, 'annotations are explicit');

  const result = await client.callTool({ name: 'echo', arguments: { text: 'hello from the SDK' } });
  check(result.isError === false && result.structuredContent?.text === 'hello from the SDK', 'tools/call echo returns structuredContent');
  const failed = await client.callTool({ name: 'echo', arguments: { text: 42 } });
  check(failed.isError === true, 'schema-invalid arguments give an isError result');
  const thrown = await client.callTool({ name: 'explode', arguments: {} });
  check(thrown.isError === true && thrown.content[0].text.includes('kaboom'), 'a throwing tool gives an isError result');
  let protocolError = null;
  try { await client.callTool({ name: 'hidden_tool', arguments: {} }); } catch (error) { protocolError = error; }
  check(protocolError?.code === -32602, 'a disabled module\'s tool is a protocol error');
  await client.ping();
  check(true, 'ping answered');
  await transport.terminateSession();
  check(transport.sessionId === undefined, 'DELETE ended the session');
  await client.close();

  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } });
  const own = `127.0.0.1:${host.port}`;
  const bearer = `Bearer ${host.token}`;
  check(await rawPost(host.port, { host: own, authorization: bearer }, initialize) === 200, 'valid request is 200');
  check(await rawPost(host.port, { host: own }, initialize) === 401, 'no token is 401');
  check(await rawPost(host.port, { host: own, authorization: 'Bearer wrong' }, initialize) === 401, 'wrong token is 401');
  check(await rawPost(host.port, { host: own, origin: 'http://evil.example.com', authorization: bearer }, initialize) === 403,
        'foreign Origin with valid Host is 403');
  check(await rawPost(host.port, { host: 'evil.example.com', origin: `http://${own}`, authorization: bearer }, initialize) === 403,
        'foreign Host with valid Origin is 403');
  check(await declaredOversize(host.port, own) === 413, 'a declared body over the cap is 413 before authentication');
} finally {
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
