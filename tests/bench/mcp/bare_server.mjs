// The physical limit of an HTTP exchange on this machine, for the benchmark: a bare node:http
// server that reads each request's body and answers a fixed JSON-RPC result, with no MCP behind it.
// usage: node bare_server.mjs  → prints "listening PORT"
import http from 'node:http';

// One body for every request: it has a "result" and no "isError", so mcp_load counts it a success.
const answer = Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\\"text\\":\\"hello\\"}"}]}}');
const session = 'bare-session';

const server = http.createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length, 'mcp-session-id': session });
    response.end(answer);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
