// Tools written in C# in the user's project, seen from the official TypeScript SDK client: the
// standalone editor simulator advertises them (--project-tools), tools/list carries them as
// project_<name> with their annotations and output schemas, a call changes the simulated scene, and during a domain
// reload they leave tools/list (with list_changed) and a call is refused with the way out.
import { spawn } from 'node:child_process';
import { check, requireEnvironment, startHost, watchToolListChanges } from './harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { ToolListChangedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');

for (const name of ['UAP_EDITOR_SIM', 'UAP_PROJECT_TOOLS_FILE'])
  if (!process.env[name]) throw new Error(`${name} is not set (run through ctest)`);

async function until(what, predicate, milliseconds = 10000) {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const host = await startHost('project-tools');
const simulator = spawn(process.env.UAP_EDITOR_SIM, ['--project', host.project, '--project-tools', process.env.UAP_PROJECT_TOOLS_FILE],
                        { stdio: ['pipe', 'pipe', 'pipe'] });
let simulatorOutput = '';
simulator.stdout.on('data', (chunk) => { simulatorOutput += chunk; });
simulator.stderr.on('data', (chunk) => { simulatorOutput += chunk; });
try {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
  const client = new Client({ name: 'uap-project-tools-test', version: '1.0.0' });
  const changes = watchToolListChanges(client, ToolListChangedNotificationSchema);
  await client.connect(transport);
  const listed = async () => (await client.listTools()).tools;
  await until('the project tools in tools/list', async () => (await listed()).some((tool) => tool.name === 'project_rename_object'));

  const tools = await listed();
  const rename = tools.find((tool) => tool.name === 'project_rename_object');
  const count = tools.find((tool) => tool.name === 'project_count_enemies');
  check(rename.inputSchema.required.includes('path') && rename.inputSchema.properties.name.type === 'string', 'the C# tool keeps its input schema');
  check(rename.annotations?.readOnlyHint === false && rename.annotations?.destructiveHint === true, 'a writing tool is marked destructive');
  check(count.annotations?.readOnlyHint === true, 'a read-only tool is marked read-only');
  check(count.outputSchema?.properties?.enemies?.type === 'integer', `the C# tool's output schema is listed: ${JSON.stringify(count)}`);
  check(rename.outputSchema?.type === 'object', `a tool that declares none is listed as returning an object: ${JSON.stringify(rename)}`);

  const renamed = await client.callTool({ name: 'project_rename_object', arguments: { path: '/Player', name: 'Hero' } });
  check(renamed.isError === false && renamed.content[0].text.includes('Hero'), `the call renamed the object: ${JSON.stringify(renamed)}`);
  const counted = await client.callTool({ name: 'project_count_enemies', arguments: {} });
  // The SDK client checks structuredContent against the listed outputSchema itself.
  check(counted.isError === false && counted.structuredContent?.enemies === 3 && counted.content[0].text.includes('"enemies":3'),
        `the canned result, typed and as text: ${JSON.stringify(counted)}`);
  const miscounted = await client.callTool({ name: 'project_miscount_enemies', arguments: {} });
  check(miscounted.isError === true && miscounted.content[0].text.includes('breaks the outputSchema'),
        `a result against its own schema is an error, not bad structuredContent: ${JSON.stringify(miscounted)}`);
  const thrown = await client.callTool({ name: 'project_explode', arguments: {} });
  check(thrown.isError === true && thrown.content[0].text.includes('the tool failed on purpose'), `an exception is an error result: ${JSON.stringify(thrown)}`);

  // A domain reload of 3 s: the tools leave tools/list, and a call is refused with the fix.
  await new Promise((resolve) => setTimeout(resolve, 500)); // The SDK's event stream is open by now.
  const gone = changes.next('the reload');
  simulator.stdin.write('reload 3000\n');
  await gone;
  check(!(await listed()).some((tool) => tool.name.startsWith('project_')), 'no project tool is listed during the reload');
  // The endpoint refuses a call of a tool that is not available now as a JSON-RPC error, as it does for a pack's.
  const refusal = await client.callTool({ name: 'project_rename_object', arguments: { path: '/Hero', name: 'Player' } })
    .then((result) => JSON.stringify(result), (error) => String(error.message));
  check(refusal.includes('reloading') && refusal.includes('retry the call after the editor reconnects'),
        `a call during the reload is refused with the way out: ${refusal}`);
  await until('the project tools after the reload', async () => (await listed()).some((tool) => tool.name === 'project_rename_object'));
  await client.close();
} catch (error) {
  console.error(host.stderr());
  console.error(simulatorOutput);
  throw error;
} finally {
  simulator.stdin.write('quit\n');
  await new Promise((resolve) => simulator.on('exit', resolve));
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
