// Adding and removing the Pro package while `uap-host serve` runs: the tarball is unpacked into the
// project's Library/PackageCache and Packages/packages-lock.json rewritten, as Unity's Package Manager
// does; the official MCP client's tools/list_changed handler fires, uap_tool_search finds (then no
// longer finds) the package's tool, `uap-host modules list` names the package as the source, and a
// broken lock file costs only the package's packs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, freshFolder, requireEnvironment, startHost, watchToolListChanges } from '../../mcp/node/harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { ToolListChangedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');

const dist = process.env.UAP_PACKAGE_DIST;
const tarball = fs.readdirSync(dist).find((name) => /^com\.agentpanel\.pro-.*\.tgz$/.test(name));
if (!tarball) throw new Error(`no Pro tarball in ${dist} (the test pro.package.packaging makes it)`);
const proVersion = tarball.slice('com.agentpanel.pro-'.length, -'.tgz'.length);
fs.mkdirSync(process.env.UAP_MCP_TEST_PLUGINS, { recursive: true });
process.env.UAP_USER_PLUGINS_DIR = freshFolder('pro-live-user-plugins');

const project = freshFolder('pro-live-project');
const cache = path.join(project, 'Library', 'PackageCache');
const proFolder = path.join(cache, `com.agentpanel.pro@${proVersion}`);
fs.mkdirSync(path.join(project, 'Packages'), { recursive: true });
fs.mkdirSync(path.join(cache, 'com.agentpanel.unity@0.1.0'), { recursive: true });
fs.writeFileSync(path.join(cache, 'com.agentpanel.unity@0.1.0', 'package.json'), '{"name":"com.agentpanel.unity","version":"0.1.0"}');

function writeLock(withPro) {
  const dependencies = { 'com.agentpanel.unity': { version: '0.1.0', depth: 0, source: 'registry', dependencies: {} } };
  if (withPro) dependencies['com.agentpanel.pro'] = { version: proVersion, depth: 0, source: 'registry', dependencies: { 'com.agentpanel.unity': '0.1.0' } };
  fs.writeFileSync(path.join(project, 'Packages', 'packages-lock.json'), JSON.stringify({ dependencies }, null, 2));
}
// As the Package Manager does: the package is unpacked aside, moved into the cache, then locked.
function installPackage() {
  const scratch = freshFolder('pro-live-unpack');
  execFileSync('tar', ['-xzf', path.join(dist, tarball), '-C', scratch]);
  fs.renameSync(path.join(scratch, 'package'), proFolder);
  writeLock(true);
}
function removePackage() {
  writeLock(false);
  fs.rmSync(proFolder, { recursive: true, force: true });
}
function listing() {
  return JSON.parse(execFileSync(process.env.UAP_HOST, ['modules', 'list', '--json', '--project', project], { encoding: 'utf8', env: process.env }));
}

writeLock(false);
const host = await startHost('pro-live', { project });

try {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
  const client = new Client({ name: 'uap-pro-package-live-test', version: '1.0.0' });
  const changes = watchToolListChanges(client, ToolListChangedNotificationSchema);
  await client.connect(transport);
  // The SDK opens the GET stream after notifications/initialized; give it a moment to be accepted.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const search = async () => {
    const result = await client.callTool({ name: 'uap_tool_search', arguments: { query: 'protest_package_echo', limit: 3 } });
    return JSON.parse(result.content[0].text).matches.map((match) => match.tool);
  };
  check(!(await search()).includes('protest_package_echo'), 'before the package is added, its tool is not found');

  for (const round of [1, 2]) {
    let before = changes.count;
    let notified = changes.next(`adding the package (round ${round})`);
    installPackage();
    await notified;
    check(changes.count === before + 1, `round ${round}: adding the package sent tools/list_changed once`);
    check((await search()).includes('protest_package_echo'), `round ${round}: uap_tool_search finds the package's tool`);
    const answer = await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'protest_package_echo', arguments: { text: 'pro' } } });
    check(answer.isError === false && answer.content[0].text.includes('"echo":"pro"'), `round ${round}: the package's tool answers`);
    const pack = listing().packs.find((entry) => entry.id === 'test.pro.package');
    check(pack?.source === `package com.agentpanel.pro@${proVersion}` && pack.state === 'loaded',
      `round ${round}: modules list names the package as the source (${JSON.stringify(pack?.source)})`);

    before = changes.count;
    notified = changes.next(`removing the package (round ${round})`);
    removePackage();
    await notified;
    check(changes.count === before + 1, `round ${round}: removing the package sent tools/list_changed once`);
    check(!(await search()).includes('protest_package_echo'), `round ${round}: uap_tool_search no longer finds the tool`);
    const refusal = await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'protest_package_echo', arguments: { text: 'gone' } } })
      .then(() => 'answered', (error) => error.message);
    check(refusal.includes('Unknown tool: protest_package_echo'), `round ${round}: calling the removed tool is refused (${refusal})`);
  }

  // A broken lock file while the package is in the cache: the package's packs are not loaded, the
  // host says why, and the host's own tools keep answering.
  const back = changes.next('adding the package again');
  installPackage();
  await back;
  check((await search()).includes('protest_package_echo'), 'the package is back before the lock file breaks');
  const notified = changes.next('breaking the lock file');
  fs.writeFileSync(path.join(project, 'Packages', 'packages-lock.json'), '{"dependencies": {"com.agentpanel.pro": ');
  await notified;
  check(!(await search()).includes('protest_package_echo'), 'with a broken lock file the package\'s tool is gone');
  check(host.stderr().includes('packages-lock.json was not used: it is not valid JSON'), 'the host logs why the lock file was not used');
  const ping = await client.callTool({ name: 'uap_tool_search', arguments: { query: 'ping', limit: 1 } });
  check(ping.isError === false, 'the host keeps serving its own tools');
  const listed = listing();
  check(listed.packageNotes.some((note) => note.includes('not valid JSON')), '`modules list --json` carries the note');
  await client.close();
} catch (error) {
  console.error(host.stderr());
  throw error;
} finally {
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
