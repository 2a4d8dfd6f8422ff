// Hostile module packs behind a running `uap-host serve`, driven by the official SDK client: a
// segfault, abort(), a loop past its deadline and repeated crashes each cost the client one error
// naming the pack, while uap_ping and another pack's tools keep answering; SIGTERM ends the host
// within 5 s even with a call that never returns (isolated and in-process).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, connectClient, requireEnvironment, startHost } from './harness.mjs';

requireEnvironment();
const hostilePack = process.env.UAP_HOSTILE_PACK;
if (!fs.existsSync(path.join(hostilePack ?? '', 'uap-module.json'))) throw new Error(`the hostile fixture pack is not built at ${hostilePack}`);

const connect = (host) => connectClient(host, 'uap-hostile-packs-test');

const text = (result) => result.content?.[0]?.text ?? '';
const long = { timeout: 60000 };

async function stopWithin(host, limitMs, what) {
  const started = Date.now();
  const { code, signal } = await host.stop();
  const took = Date.now() - started;
  check(code === 0 && signal === null, `${what}: serve exits cleanly on SIGTERM (code ${code}, signal ${signal})`);
  check(took < limitMs, `${what}: serve stopped in ${took} ms (limit ${limitMs} ms)`);
  check(!fs.existsSync(path.join(host.project, 'UserSettings', 'AgentPanel', 'host.json')), `${what}: the discovery file is removed`);
}

// Crashes, a deadline and the crash limit, with everything else still answering.
{
  const host = await startHost('hostile-isolated', {
    plugins: [hostilePack], settings: { settingsVersion: 1, limits: { toolDeadlines: { hostile_spin: 2 } } },
  });
  try {
    const client = await connect(host);
    const segfault = await client.callTool({ name: 'hostile_segfault', arguments: {} });
    check(segfault.isError === true && text(segfault).includes('module pack fixture.hostile crashed (signal 11, SIGSEGV) while running tool "hostile_segfault"'),
          `a segfault is an error naming pack, tool and signal: ${text(segfault).slice(0, 100)}`);

    const spinning = client.callTool({ name: 'hostile_spin', arguments: {} }, undefined, long);
    const started = Date.now();
    for (let round = 0; round < 10; ++round) {
      const ping = await client.callTool({ name: 'uap_ping', arguments: {} });
      const echo = await client.callTool({ name: 'echo', arguments: { text: `round ${round}` } });
      if (ping.isError || echo.isError || echo.structuredContent?.text !== `round ${round}`) throw new Error(`a call failed while a tool spun: ${text(ping)} ${text(echo)}`);
    }
    check(Date.now() - started < 1500, `uap_ping and another pack's tool answer while a tool spins (${Date.now() - started} ms for 20 calls)`);
    const spun = await spinning;
    check(spun.isError === true && text(spun).includes('tool "hostile_spin" of module pack fixture.hostile did not finish within its deadline of 2 s'),
          'a call past its deadline returns an error naming the tool, the pack and the limit');
    const afterDeadline = await client.callTool({ name: 'hostile_echo', arguments: { text: 'again' } });
    check(afterDeadline.isError === false && JSON.parse(text(afterDeadline)).echo === 'again', 'the pack answers again after its runner was restarted');

    const aborted = await client.callTool({ name: 'hostile_abort', arguments: {} });
    check(aborted.isError === true && text(aborted).includes('(signal 6, SIGABRT) while running tool "hostile_abort"'), `abort() is an error naming the signal: ${text(aborted)}`);
    const third = await client.callTool({ name: 'hostile_segfault', arguments: {} });
    check(third.isError === true, 'the third crash is an error too');

    let refused = null;
    try { await client.callTool({ name: 'hostile_echo', arguments: {} }); } catch (error) { refused = error; }
    check(refused?.code === -32602 && refused.message.includes('fixture.hostile') && refused.message.includes('crashed 3 times within 60 s'),
          `after three crashes the pack is refused with the reason: ${refused?.message?.slice(0, 160)}`);
    const { tools } = await client.listTools();
    check(!tools.some((tool) => tool.name.startsWith('hostile_')) && tools.some((tool) => tool.name === 'uap_ping'),
          'tools/list no longer offers the disabled pack');
    const listed = spawnSync(process.env.UAP_HOST, ['modules', 'list', '--project', host.project, '--plugins', hostilePack], { encoding: 'utf8' });
    check(listed.stdout.includes(`running host: disabled for this run of the host (pid ${host.pid})`), '`modules list` says the running host disabled the pack');
    check(host.stderr().includes('module pack fixture.hostile is disabled for this run'), 'the log says the pack was disabled');
    const ping = await client.callTool({ name: 'uap_ping', arguments: {} });
    check(ping.isError === false, 'uap_ping still answers');
  } finally {
    await stopWithin(host, 5000, 'after the crashes');
  }
}

for (const isolation of ['isolated', 'in-process']) {
  const host = await startHost(`hostile-shutdown-${isolation}`, {
    plugins: [hostilePack], settings: { settingsVersion: 1, isolation: { 'fixture.hostile': isolation } },
  });
  const client = await connect(host);
  const lingered = await client.callTool({ name: 'hostile_linger', arguments: {} });
  check(lingered.isError === false, `${isolation}: a tool left a thread running`);
  const stuck = client.callTool({ name: 'hostile_spin', arguments: {} }, undefined, long).catch((error) => error);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await stopWithin(host, 5000, `${isolation}, with a call that never returns`);
  await stuck;
}
// In-process, a crash ends the host; the next start names the pack and tool and says how to isolate it.
{
  const settings = { settingsVersion: 1, isolation: { 'fixture.hostile': 'in-process' } };
  const host = await startHost('hostile-in-process-crash', { plugins: [hostilePack], settings });
  const client = await connect(host);
  await client.callTool({ name: 'hostile_segfault', arguments: {} }).catch(() => {});
  const { signal } = await host.exited;
  check(signal === 'SIGSEGV', `in-process, the segfault ends the host (${signal})`);
  check(host.stderr().includes('pack=fixture.hostile\ntool=hostile_segfault'), 'the dying host names the pack and tool on stderr');
  const record = path.join(host.project, 'UserSettings', 'AgentPanel', 'last-crash.txt');
  check(fs.readFileSync(record, 'utf8').includes('signal=11'), 'the crash record is in the project state folder');

  const next = await startHost('hostile-in-process-crash', { plugins: [hostilePack], settings, project: host.project });
  try {
    check(next.stderr().includes('the last run ended in a crash in fixture.hostile:hostile_segfault (signal 11, SIGSEGV)') &&
          next.stderr().includes(`uap-host modules isolate fixture.hostile --project ${host.project}`),
          'the next start reports the crash and the command that isolates the pack');
  } finally {
    await next.stop();
  }
}
console.log('hostile packs: all checks passed');
