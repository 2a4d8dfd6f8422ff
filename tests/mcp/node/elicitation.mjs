// Elicitation against a running `uap-host serve --editor sim` with the official SDK clients: a core
// tool addressed by a path that names two objects asks which one. The 1.x client (2025-11-25 session)
// answers the elicitation/create request on the call's stream, the v2 client (2026-07-28) answers the
// input_required result; the write lands on the chosen object (a separate read checks both objects),
// decline and cancel change nothing, and a client without the capability gets the choices listed.
import path from 'node:path';
import { check, connectClient, requireEnvironment, startHost } from './harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { ElicitRequestSchema } = require('@modelcontextprotocol/sdk/types.js');

const textOf = (result) => result.content?.[0]?.text ?? '';
const headers = (host) => ({ requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });

// A 1.x client that declares elicitation and answers every question with answer(question).
async function askingClient(host, answer) {
  const client = new Client({ name: 'uap-elicit-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request.params));
  await client.connect(new StreamableHTTPClientTransport(new URL(host.url), headers(host)));
  return client;
}

const host = await startHost('elicitation', { extraArguments: ['--editor', 'sim'] });
try {
  const plain = await connectClient(host, 'uap-elicit-plain');
  // The separate read: the object's name, the last part of the path uap_object_inspect reports for it.
  const nameOf = async (id) => {
    const read = textOf(await plain.callTool({ name: 'uap_object_inspect', arguments: { path: `#${id}` } }));
    return JSON.parse(read).transform?.path?.split('/').pop() ?? read;
  };
  const ids = [];
  for (let index = 0; index < 2; ++index) {
    const created = await plain.callTool({ name: 'uap_scene_create_object', arguments: { name: 'Twin' } });
    ids.push(JSON.parse(textOf(created)).created.instanceId);
  }
  check(ids.length === 2 && ids[0] !== ids[1], `two objects named Twin (#${ids[0]}, #${ids[1]})`);

  // No capability: the refusal lists both objects and names the argument to pass.
  {
    const refused = await plain.callTool({ name: 'uap_scene_rename', arguments: { path: 'Twin', newName: 'Hero' } });
    const text = textOf(refused);
    check(refused.isError === true && text.includes(`"#${ids[0]}"`) && text.includes(`"#${ids[1]}"`) && text.includes('path'),
          `a client without elicitation gets the choices and the argument: ${text}`);
    const names = [await nameOf(ids[0]), await nameOf(ids[1])];
    check(names[0] === 'Twin' && names[1] === 'Twin', `the refusal renamed nothing (${names})`);
  }

  // Decline and cancel: the call ends cleanly, nothing is renamed.
  for (const action of ['decline', 'cancel']) {
    const client = await askingClient(host, () => ({ action }));
    const ended = await client.callTool({ name: 'uap_scene_rename', arguments: { path: 'Twin', newName: 'Hero' } });
    check(ended.isError === true && textOf(ended).includes('nothing was changed'), `${action} ends the call: ${textOf(ended)}`);
    check((await nameOf(ids[0])) === 'Twin' && (await nameOf(ids[1])) === 'Twin', `${action} renamed nothing`);
    await client.close();
  }

  // 1.x in a 2025-11-25 session: the question arrives on the call's stream; the second object is picked.
  {
    let asked = null;
    const client = await askingClient(host, (question) => {
      asked = question;
      return { action: 'accept', content: { path: `#${ids[1]}` } };
    });
    const renamed = await client.callTool({ name: 'uap_scene_rename', arguments: { path: 'Twin', newName: 'Hero' } });
    const offered = asked?.requestedSchema?.properties?.path?.oneOf?.map((choice) => choice.const) ?? [];
    check(offered.includes(`#${ids[0]}`) && offered.includes(`#${ids[1]}`) && /2 objects match the path 'Twin'/.test(asked.message),
          `the 1.x client was asked which Twin (${JSON.stringify(offered)})`);
    check(renamed.isError === false, `the answered call renamed: ${textOf(renamed)}`);
    check((await nameOf(ids[1])) === 'Hero' && (await nameOf(ids[0])) === 'Twin', 'the separate read finds the chosen object renamed, the other not');
    await client.close();
  }

  // v2 pinned to 2026-07-28: input_required, answered by the client's retry; the first Twin is left.
  {
    const { Client: ModernClient, StreamableHTTPClientTransport: ModernTransport } = await import(
      path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'client', 'dist', 'index.mjs'));
    const client = new ModernClient({ name: 'uap-elicit-v2', version: '1.0.0' },
                                    { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    let asked = null;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked = request.params;
      return { action: 'accept', content: { path: `#${ids[0]}` } };
    });
    await client.connect(new ModernTransport(new URL(host.url), headers(host)));
    const created = await client.callTool({ name: 'uap_scene_create_object', arguments: { name: 'Twin' } });
    ids.push(JSON.parse(textOf(created)).created.instanceId);
    // Two objects are called Twin again: the first one and the new one.
    const renamed = await client.callTool({ name: 'uap_scene_rename', arguments: { path: 'Twin', newName: 'Villain' } });
    check(asked?.requestedSchema?.properties?.path?.oneOf?.length === 2, `the v2 client was asked through input_required (${JSON.stringify(asked)})`);
    check(renamed.isError === false, `the retried call renamed: ${textOf(renamed)}`);
    check((await nameOf(ids[0])) === 'Villain' && (await nameOf(ids[2])) === 'Twin', 'the separate read finds the chosen object renamed, the other not');
    check(!/session opened for client "uap-elicit-v2"/.test(host.stderr()), 'the v2 client never opened a session');
    await client.close();
  }
  await plain.close();
} finally {
  await host.stop();
}
