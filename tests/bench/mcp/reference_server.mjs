// Reference MCP server written with the official TypeScript SDK, for the benchmark: the same echo
// tool, the same bearer check, stateful sessions with JSON responses (enableJsonResponse).
// SDK 1.32.x leaks one map entry per request in this mode (typescript-sdk#2559); the workaround
// below drops the finished request's entries so the comparison is not skewed by the leak.
// usage: node reference_server.mjs NODE_MODULES TOKEN  → prints "listening PORT"
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const [nodeModules, token] = process.argv.slice(2);
const require = createRequire(path.join(nodeModules, 'placeholder.js'));
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const { z } = require('zod');

const transports = new Map();

function makeServer() {
  const server = new McpServer({ name: 'reference', version: '1.0.0' });
  server.registerTool('echo', {
    description: 'Returns the given text unchanged.',
    inputSchema: { text: z.string() },
    outputSchema: { text: z.string() },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, async ({ text }) => ({ content: [{ type: 'text', text: JSON.stringify({ text }) }], structuredContent: { text } }));
  return server;
}

// Workaround for typescript-sdk#2559: in JSON-response mode the per-request stream entry is
// never removed. After the response is sent, remove what belongs to the finished request ids.
function releaseFinished(transport, ids) {
  const inner = transport._webStandardTransport;
  if (!inner) return;
  for (const id of ids) {
    const streamId = inner._requestToStreamMapping.get(id);
    inner._requestToStreamMapping.delete(id);
    inner._requestResponseMap.delete(id);
    if (streamId !== undefined) inner._streamMapping.delete(streamId);
  }
  const live = new Set(inner._requestToStreamMapping.values());
  for (const [streamId, entry] of inner._streamMapping) {
    if (entry.resolveJson && !live.has(streamId)) inner._streamMapping.delete(streamId);
  }
}

const httpServer = http.createServer(async (request, response) => {
  if (request.headers.authorization !== `Bearer ${token}`) {
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    return;
  }
  if (request.url === '/stats') {
    let entries = 0;
    for (const transport of transports.values()) {
      const inner = transport._webStandardTransport;
      entries += inner._streamMapping.size + inner._requestToStreamMapping.size + inner._requestResponseMap.size;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sessions: transports.size, mapEntries: entries }));
    return;
  }
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  let body;
  try { body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined; } catch { body = undefined; }
  const sessionId = request.headers['mcp-session-id'];
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport && request.method === 'POST' && body && isInitializeRequest(body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => transports.set(id, transport),
    });
    transport.onclose = () => { if (transport.sessionId) transports.delete(transport.sessionId); };
    await makeServer().connect(transport);
  }
  if (!transport) {
    response.writeHead(sessionId ? 404 : 400, { 'content-type': 'application/json' })
      .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"no session"}}');
    return;
  }
  await transport.handleRequest(request, response, body);
  if (body && body.id !== undefined) releaseFinished(transport, [body.id]);
});
httpServer.keepAliveTimeout = 30000;
httpServer.listen(0, '127.0.0.1', () => console.log(`listening ${httpServer.address().port}`));
process.on('SIGTERM', () => process.exit(0));
