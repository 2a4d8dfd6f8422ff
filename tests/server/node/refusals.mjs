// Readable refusals with Node's own fetch (undici): a 6 MiB body, with and without a token, gets
// a 413 the client can read (not a connection reset); a body sent with a wrong token gets a
// readable 401; and the host keeps serving afterwards.
import { check, requireEnvironment, startHost } from '../../mcp/node/harness.mjs';

requireEnvironment();
const host = await startHost('refusals');
const sixMiB = 'x'.repeat(6 * 1024 * 1024);
const post = (headers, body) => fetch(host.url, {
  method: 'POST', body,
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
});
try {
  for (const [label, headers] of [['with the token', { authorization: `Bearer ${host.token}` }], ['without a token', {}]]) {
    const response = await post(headers, sixMiB);
    const text = await response.text();
    check(response.status === 413, `a 6 MiB body ${label} reads 413 (got ${response.status})`);
    check(text.includes('4194304'), `the 413 says the cap (${text.slice(0, 120)})`);
  }
  // A streamed body of unknown length (chunked) over the cap.
  const chunks = new ReadableStream({
    start(controller) { for (let index = 0; index < 6; ++index) controller.enqueue(new TextEncoder().encode('y'.repeat(1024 * 1024))); controller.close(); },
  });
  const streamed = await fetch(host.url, { method: 'POST', body: chunks, duplex: 'half',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` } });
  check(streamed.status === 413, `a 6 MiB chunked body reads 413 (got ${streamed.status})`);
  await streamed.text();

  const wrong = await post({ authorization: 'Bearer not-the-token' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', padding: 'z'.repeat(512 * 1024) }));
  check(wrong.status === 401, `a body with a wrong token reads 401 (got ${wrong.status})`);
  await wrong.text();

  const alive = await post({ authorization: `Bearer ${host.token}` },
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'refusals', version: '1' } } }));
  check(alive.status === 200, 'the host still serves after the refusals');
  await alive.text();
} finally {
  const result = await host.stop();
  check(result.code === 0, `the host stopped cleanly (${JSON.stringify(result)})`);
}
