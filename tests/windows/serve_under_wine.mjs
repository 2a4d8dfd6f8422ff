// Runs `uap-host.exe serve --editor sim` under Wine on a fresh project and calls uap_ping and a scene
// tool from Linux with the official MCP SDK client over 127.0.0.1, with the token from the project's
// token file. Environment: UAP_HOST_EXE, UAP_WINE, UAP_NODE_MODULES, UAP_TEST_WORK; an optional
// argument names the project folder (a Japanese one checks UTF-8 paths end to end). With
// UAP_EXAMPLE_PLUGINS (the folder holding the out-of-tree example pack, built as a .dll) it also
// calls that pack's tool, loaded at run time, and reads its object back from the simulated scene.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { check } from '../mcp/node/harness.mjs';

for (const name of ['UAP_HOST_EXE', 'UAP_WINE', 'UAP_NODE_MODULES', 'UAP_TEST_WORK'])
  if (!process.env[name]) throw new Error(`environment variable ${name} is not set (run through ctest)`);
const require = createRequire(path.join(process.env.UAP_NODE_MODULES, 'placeholder.js'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const project = path.join(process.env.UAP_TEST_WORK, `${process.argv[2] ?? 'wine-serve'}-${process.pid}`);
fs.rmSync(project, { recursive: true, force: true });
fs.mkdirSync(project, { recursive: true });
// A Wine prefix maps the Unix root to drive Z: (Debian's wine64 ships no winepath to ask).
const windowsPath = (unixPath) => `Z:${unixPath.replaceAll('/', '\\')}`;
const unixPath = (driveZPath) => driveZPath.replace(/^[Zz]:/, '').replaceAll('\\', '/');

const examplePlugins = process.env.UAP_EXAMPLE_PLUGINS ? ['--plugins', windowsPath(process.env.UAP_EXAMPLE_PLUGINS)] : [];
const child = spawn(process.env.UAP_WINE, [process.env.UAP_HOST_EXE, 'serve', '--project', windowsPath(project), '--editor', 'sim', ...examplePlugins],
                    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, UAP_LOG_LEVEL: 'info' } });
let stderr = '';
child.stderr.on('data', (chunk) => { stderr += chunk; });
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
try {
  await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`uap-host.exe did not start within 60 s: ${stderr}`)), 60000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('serving')) { clearTimeout(timer); resolve(); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`uap-host.exe exited with ${code}: ${stderr}`)); });
  });
  // The log names the project as the same UTF-8 text it was given (pipes carry bytes unchanged).
  await new Promise((resolve) => setTimeout(resolve, 200));
  check(stderr.includes(`for ${windowsPath(project)}`), `the log names the project folder ${windowsPath(project)}`);
  const discovery = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'host.json'), 'utf8'));
  const tokenFile = unixPath(discovery.tokenFiles.mcp);
  check(tokenFile === path.join(project, 'UserSettings', 'AgentPanel', 'tokens', 'mcp.token'),
        `the discovery file names the token file inside the project (${discovery.tokenFiles.mcp})`);
  check(new URL(discovery.mcpUrl).hostname === '127.0.0.1', `the endpoint is on loopback (${discovery.mcpUrl})`);
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  check(/^[0-9a-f]{64}$/.test(token), 'the token file holds a 256-bit hex token');

  const refused = await fetch(discovery.mcpUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  check(refused.status === 401, `a request without the token is refused (${refused.status})`);

  const transport = new StreamableHTTPClientTransport(new URL(discovery.mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'uap-wine-serve', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  check(tools.some((tool) => tool.name === 'uap_scene_create_object'), `tools/list serves the bundled .dll packs (${tools.length} tools)`);
  const ping = await client.callTool({ name: 'uap_ping', arguments: {} });
  check(!ping.isError, `uap_ping answers: ${ping.content[0].text.slice(0, 120)}`);
  const created = await client.callTool({ name: 'uap_scene_create_object', arguments: { name: 'Wine Cube', primitiveType: 'Cube' } });
  check(!created.isError && created.content[0].text.includes('Wine Cube'), `uap_scene_create_object creates in the simulated editor: ${created.content[0].text.slice(0, 120)}`);
  const hierarchy = await client.callTool({ name: 'uap_query_hierarchy', arguments: {} });
  check(!hierarchy.isError && hierarchy.content[0].text.includes('Wine Cube'), 'uap_query_hierarchy reads the new object back');
  if (examplePlugins.length) {
    const sign = await client.callTool({ name: 'hello_place_sign', arguments: { name: 'Everywhere' } });
    check(!sign.isError && sign.content[0].text.includes('Hello Everywhere'), `the example pack's tool (a .dll loaded at run time) answers: ${sign.content[0].text.slice(0, 120)}`);
    const scene = await client.callTool({ name: 'uap_query_hierarchy', arguments: {} });
    check(!scene.isError && scene.content[0].text.includes('Hello Everywhere'), 'the simulated scene holds the object the example pack created');
  }
  await client.close();
} finally {
  child.kill('SIGKILL');
  await exited;
  fs.rmSync(project, { recursive: true, force: true });
}
