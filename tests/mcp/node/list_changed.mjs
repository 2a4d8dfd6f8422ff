// Enable, disable, install and remove reach a running host: the official TypeScript SDK client's
// tools/list_changed handler fires for each (over the session's GET event stream), tools/list
// then shows the change, and `uap-host modules list` agrees with the server after every step.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { check, freshFolder, requireEnvironment, startHost, watchToolListChanges } from './harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { ToolListChangedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');

if (!process.env.UAP_FIXTURE_ECHO_PACK) throw new Error('UAP_FIXTURE_ECHO_PACK is not set (run through ctest)');
// The host and every CLI call below share one per-user plugins folder of the test's own.
process.env.UAP_USER_PLUGINS_DIR = freshFolder('list-changed-user-plugins');

function cli(...words) {
  return execFileSync(process.env.UAP_HOST, words, { encoding: 'utf8', env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
}

const host = await startHost('list-changed');
const plugins = process.env.UAP_MCP_TEST_PLUGINS;

// Tools that `uap-host modules list` says tools/list carries: those of loaded packs listed always (only their
// listedTools when the manifest names some), and the discovery tools that find the others (docs/tools.md,
// "Finding tools").
function listedTools() {
  const listing = JSON.parse(cli('modules', 'list', '--json', '--project', host.project, '--plugins', plugins));
  return listing.packs.filter((pack) => pack.state === 'loaded' && pack.listing === 'always')
    .flatMap((pack) => pack.listedTools ?? pack.tools.map((tool) => tool.name)).concat(['uap_tool_call', 'uap_tool_search']).sort();
}
// Whether uap_tool_search finds a tool by its name.
async function searchable(client, name) {
  const result = await client.callTool({ name: 'uap_tool_search', arguments: { query: name, limit: 1 } });
  return JSON.parse(result.content[0].text).matches[0]?.tool === name;
}

try {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), {
    requestInit: { headers: { Authorization: `Bearer ${host.token}` } },
  });
  const client = new Client({ name: 'uap-list-changed-test', version: '1.0.0' });
  const changes = watchToolListChanges(client, ToolListChangedNotificationSchema);
  await client.connect(transport);
  check(client.getServerCapabilities()?.tools?.listChanged === true, 'the server advertises tools.listChanged');

  const served = async () => (await client.listTools()).tools.map((tool) => tool.name).sort();
  check((await served()).includes('echo'), 'echo is served at start');
  check(JSON.stringify(await served()) === JSON.stringify(listedTools()), 'modules list and tools/list agree at start');
  // The SDK opens the GET stream after notifications/initialized; give it a moment to be accepted.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const steps = [
    ['disable', () => cli('modules', 'disable', 'mcptest.echo', '--project', host.project, '--plugins', plugins), (names) => !names.includes('echo')],
    ['enable', () => cli('modules', 'enable', 'mcptest.echo', '--project', host.project, '--plugins', plugins), (names) => names.includes('echo')],
    // An installed pack is not listed (its manifest does not ask to be): it is found and called through the discovery tools.
    ['install', () => cli('modules', 'install', '--allow-unsigned', process.env.UAP_FIXTURE_ECHO_PACK), (names) => !names.includes('fixture_echo')],
    ['remove', () => cli('modules', 'remove', 'fixture.echo'), (names) => !names.includes('fixture_echo')],
  ];
  for (const [name, act, expected] of steps) {
    const before = changes.count;
    const notified = changes.next(name);
    act();
    await notified;
    check(changes.count === before + 1, `${name}: the client's list_changed handler fired once`);
    const names = await served();
    check(expected(names), `${name}: tools/list shows the change (${names.join(', ')})`);
    check(JSON.stringify(names) === JSON.stringify(listedTools()), `${name}: modules list and tools/list agree`);
    if (name === 'enable') {
      const result = await client.callTool({ name: 'echo', arguments: { text: 'back' } });
      check(result.isError === false, 'enable: the re-enabled tool answers');
    }
    if (name === 'install') {
      check(await searchable(client, 'fixture_echo'), 'install: uap_tool_search finds the installed tool');
      const result = await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'fixture_echo', arguments: { text: 'new' } } });
      check(result.isError === false && result.content[0].text.includes('"echo":"new"'), 'install: the installed tool answers through uap_tool_call');
    }
    if (name === 'remove')
      check(!(await searchable(client, 'fixture_echo')), 'remove: uap_tool_search no longer finds the removed tool');
  }
  await client.close();
} catch (error) {
  console.error(host.stderr());
  throw error;
} finally {
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
