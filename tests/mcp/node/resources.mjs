// MCP resources, prompts and completions on a running `uap-host serve` with the simulator: the
// official 1.x client lists and reads resources, subscribes to the Unity Console and hears
// notifications/resources/updated after a menu item logs a line, lists a prompt (a quick action of
// an embedded package's profile), gets it and completes an argument; the v2 client (2026-07-28, no
// initialize) does the same with the update delivered on a subscriptions/listen stream.
import fs from 'node:fs';
import path from 'node:path';
import { check, connectClient, freshFolder, requireEnvironment, startHost } from './harness.mjs';

const require = requireEnvironment();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// An embedded package whose profile has no detection entries (so it is always active) and one quick action.
function projectWithProfile() {
  const project = freshFolder('mcp-resources');
  const packageFolder = path.join(project, 'Packages', 'com.test.cloth');
  fs.mkdirSync(path.join(packageFolder, 'Profiles~'), { recursive: true });
  fs.writeFileSync(path.join(packageFolder, 'package.json'), JSON.stringify({ name: 'com.test.cloth', version: '1.0.0' }));
  fs.writeFileSync(path.join(project, 'Packages', 'manifest.json'), JSON.stringify({ dependencies: { 'com.test.cloth': 'file:com.test.cloth' } }));
  fs.writeFileSync(path.join(project, 'Packages', 'packages-lock.json'), JSON.stringify({
    dependencies: { 'com.test.cloth': { version: 'file:com.test.cloth', depth: 0, source: 'embedded', dependencies: {} } },
  }));
  fs.writeFileSync(path.join(packageFolder, 'Profiles~', 'test-cloth.json'), JSON.stringify({
    schemaVersion: 1, id: 'test-cloth', displayName: 'Test Cloth',
    instructionLines: ['Cloth needs a collider profile.'], sources: ['https://example.com/cloth'],
    quickActions: [{ id: 'setup', label: 'Set up cloth', prompt: 'Set up cloth on the selected mesh.' }],
  }));
  return project;
}

// Resolves with the next notification the handler list receives for uri, or rejects after 10 s.
function nextUpdate(updates, uri, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no notifications/resources/updated for ${uri} within 10 s (${what})`)), 10000);
    updates.push((notification) => {
      if (notification.params?.uri !== uri) return false;
      clearTimeout(timer);
      resolve(notification);
      return true;
    });
  });
}
function deliver(updates, notification) {
  const index = updates.findIndex((waiter) => waiter(notification));
  if (index >= 0) updates.splice(index, 1);
}

const host = await startHost('mcp-resources', { project: projectWithProfile(), extraArguments: ['--editor', 'sim'] });
try {
  // The 1.x client: a 2025-11-25 session; updates arrive on its GET stream.
  {
    const { ResourceUpdatedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');
    const client = await connectClient(host, 'uap-resources-1x');
    const capabilities = client.getServerCapabilities();
    check(capabilities.resources?.subscribe === true && capabilities.prompts && capabilities.completions,
          `initialize advertises resources (subscribe), prompts and completions: ${JSON.stringify(capabilities)}`);
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    check(['uap://tools', 'unity://console', 'unity://selection', 'unity://scenes/hierarchy', 'uap://profiles/test-cloth'].every((uri) => uris.includes(uri)),
          `resources/list names the Console, selection, hierarchy, tools and the profile: ${uris.join(', ')}`);
    const { resourceTemplates } = await client.listResourceTemplates();
    check(resourceTemplates.some((entry) => entry.uriTemplate === 'unity://scenes/roots{?scene}'), 'resources/templates/list has the scene template');

    const console1 = await client.readResource({ uri: 'unity://console' });
    const before = JSON.parse(console1.contents[0].text);
    check(Array.isArray(before.entries) && Number.isInteger(before.lastId), `the Console is read from the simulator (lastId ${before.lastId})`);
    const catalogue = JSON.parse((await client.readResource({ uri: 'uap://tools' })).contents[0].text);
    check(catalogue.tools.some((tool) => tool.name === 'uap_console_logs' && tool.listed === false),
          `uap://tools lists the enabled packs' tools in short form (${catalogue.tools.length} tools)`);
    const hierarchy = JSON.parse((await client.readResource({ uri: 'unity://scenes/hierarchy' })).contents[0].text);
    check(Array.isArray(hierarchy.nodes) && hierarchy.nodes.length > 0, `the hierarchy is read (${hierarchy.nodes.length} nodes)`);
    const unknown = await client.readResource({ uri: 'unity://nowhere' }).then(() => null, (error) => error);
    check(unknown?.code === -32002, `an unknown URI is refused with -32002: ${unknown?.message}`);

    const updates = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => deliver(updates, notification));
    await client.subscribeResource({ uri: 'unity://console' });
    await sleep(300); // The GET stream opened after initialized; give the subscription's first poll a moment.
    const arrived = nextUpdate(updates, 'unity://console', '1.x');
    const started = performance.now();
    const ran = await client.callTool({ name: 'uap_editor_execute_menu', arguments: { menuPath: 'Tools/Log Hello' } });
    check(!ran.isError, 'a menu item ran in the simulator and logged a line');
    await arrived;
    check(true, `the 1.x client heard notifications/resources/updated for unity://console ${(performance.now() - started).toFixed(0)} ms after the line`);
    const after = JSON.parse((await client.readResource({ uri: 'unity://console' })).contents[0].text);
    check(after.lastId > before.lastId && after.entries.some((entry) => /Log Hello/.test(entry.message ?? entry.text ?? JSON.stringify(entry))),
          'a read after the update shows the new line');
    await client.unsubscribeResource({ uri: 'unity://console' });

    const { prompts } = await client.listPrompts();
    check(prompts.some((prompt) => prompt.name === 'test-cloth.setup') && prompts.some((prompt) => prompt.name === 'uap.profile-rules'),
          `prompts/list has the quick action and the rules prompt: ${prompts.map((prompt) => prompt.name).join(', ')}`);
    const got = await client.getPrompt({ name: 'test-cloth.setup', arguments: { details: 'Only the skirt.' } });
    check(got.messages[0].content.text === 'Set up cloth on the selected mesh.\n\nOnly the skirt.', 'prompts/get returns the quick action with the details');
    const completed = await client.complete({ ref: { type: 'ref/prompt', name: 'uap.profile-rules' }, argument: { name: 'profile', value: 'test' } });
    check(completed.completion.values.includes('test-cloth'), `completion/complete offers the profile id: ${completed.completion.values}`);
    const scenes = await client.complete({ ref: { type: 'ref/resource', uri: 'unity://scenes/roots{?scene}' }, argument: { name: 'scene', value: 'Assets' } });
    check(scenes.completion.values.length > 0, `completion/complete offers open scene paths: ${scenes.completion.values}`);
    const refused = await client.getPrompt({ name: 'uap.profile-rules', arguments: {} }).then(() => null, (error) => error);
    check(refused?.code === -32602 && /arguments\.profile/.test(refused.message), `a missing required argument is refused: ${refused?.message}`);
    await client.close();
  }

  // The v2 client pinned to 2026-07-28: no initialize; the update arrives on subscriptions/listen.
  {
    const { Client, StreamableHTTPClientTransport } = await import(
      path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'client', 'dist', 'index.mjs'));
    const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
    const client = new Client({ name: 'uap-resources-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport);
    const { resources } = await client.listResources();
    check(resources.some((resource) => resource.uri === 'unity://console'), 'the v2 client lists resources');
    const read = await client.readResource({ uri: 'uap://profiles/test-cloth' });
    check(JSON.parse(read.contents[0].text).rules[0] === 'Cloth needs a collider profile.', 'the v2 client reads a profile');
    const { prompts } = await client.listPrompts();
    check(prompts.some((prompt) => prompt.name === 'test-cloth.setup'), 'the v2 client lists the prompt');
    const got = await client.getPrompt({ name: 'test-cloth.setup' });
    check(got.messages[0].content.text === 'Set up cloth on the selected mesh.', 'the v2 client gets the prompt');
    const completed = await client.complete({ ref: { type: 'ref/resource', uri: 'uap://profiles/{id}' }, argument: { name: 'id', value: '' } });
    check(completed.completion.values.includes('test-cloth'), 'the v2 client completes a template argument');

    const updates = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => deliver(updates, notification));
    const subscription = await client.listen({ resourceSubscriptions: ['unity://console', 'uap://tools'] });
    check(JSON.stringify(subscription.honoredFilter.resourceSubscriptions) === '["unity://console"]',
          `subscriptions/listen acknowledges the watchable URI only: ${JSON.stringify(subscription.honoredFilter)}`);
    await sleep(300);
    const arrived = nextUpdate(updates, 'unity://console', 'v2');
    const started = performance.now();
    await client.callTool({ name: 'uap_editor_execute_menu', arguments: { menuPath: 'Tools/Log Hello' } });
    await arrived;
    check(true, `the v2 client heard notifications/resources/updated on its listen stream ${(performance.now() - started).toFixed(0)} ms after the line`);
    await subscription.close();
    await client.close();
  }
} catch (error) {
  console.log(`# the host's log, last lines:\n${host.stderr().split('\n').slice(-40).join('\n')}`);
  throw error;
} finally {
  await host.stop();
}
