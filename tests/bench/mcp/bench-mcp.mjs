// MCP endpoint benchmark (not a test). In one sitting, the same load (tools/call at concurrency 1
// and 16, the repeats alternating between servers so a change in the machine's load hits all alike)
// against uap-host with the echo pack in-process and isolated in a runner (and the same for a
// --previous build), the official TypeScript SDK server, and a bare node:http server answering a
// fixed body, which is what one HTTP exchange costs here. Then memory over many calls.
//   --editor: the editor path instead, for each build: uap_ping beside uap_component_list answered
//             by a uap-editor-sim started as its own process, as Unity is.
//   --eras:   uap-host's 2025 session path beside its stateless 2026-07-28 path instead.
// usage: node tests/bench/mcp/bench-mcp.mjs BUILD_DIR [--previous BUILD_DIR] [--editor | --eras]
//                                           [--repeats N] [--calls N] [--memory-calls N] [--load PATH]
//   BUILD_DIR: a Release build (scripts/bench.sh makes both) with uap-host, uap-editor-sim, mcp_load
//   and the tests/mcp test modules built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { median, rssMb, runLoad, startProcess, stop } from './bench-processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '..', '..', '..');
const argument = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };
const number = (name, fallback) => Number(argument(name) ?? fallback);
const build = path.resolve(process.argv[2] ?? '');
const previous = argument('--previous') && path.resolve(argument('--previous'));
const repeats = number('--repeats', 3);
const callsPerRun = number('--calls', 20000);
const memoryCalls = number('--memory-calls', 200000);
const mode = process.argv.includes('--editor') ? 'editor' : process.argv.includes('--eras') ? 'eras' : 'endpoint';
const nodeModules = path.join(source, 'tests', 'node', 'node_modules');
const load = argument('--load') ? path.resolve(argument('--load')) : path.join(build, 'bin', 'mcp_load');
for (const file of [path.join(build, 'bin', 'uap-host'), load, nodeModules, ...(previous ? [path.join(previous, 'bin', 'uap-host')] : [])])
  if (!fs.existsSync(file)) { console.error(`missing ${file}`); process.exit(2); }

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-bench-mcp-'));
const children = [];
const started = async (promise) => { const result = await promise; children.push(result.child); return result; };

// A uap-host on a fresh project serving the tests/mcp packs of its own build.
async function startHost(buildDir, name, { echo = 'isolated', editor = false } = {}) {
  const project = path.join(work, name.replace(/[^a-z0-9]+/gi, '-'));
  fs.mkdirSync(path.join(project, 'UserSettings', 'AgentPanel'), { recursive: true });
  if (echo === 'in-process')
    fs.writeFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'host-settings.json'),
      JSON.stringify({ settingsVersion: 1, isolation: { 'mcptest.echo': 'in-process' } }));
  const args = ['serve', '--project', project, '--plugins', path.join(buildDir, 'test-plugins', 'mcp'), ...(editor ? ['--editor', 'unity'] : [])];
  const host = await started(startProcess(path.join(buildDir, 'bin', 'uap-host'), args, { UAP_LOG_LEVEL: 'warn' }, /serving (\S+)/));
  if (editor)
    await started(startProcess(path.join(buildDir, 'bin', 'uap-editor-sim'), ['--project', project, '--scene', 'sample'], {}, /connected /));
  const token = fs.readFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'tokens', 'mcp.token'), 'utf8').trim();
  return { url: host.match[1], token, pid: host.child.pid };
}

const builds = [{ label: '', dir: build }, ...(previous ? [{ label: ' (previous)', dir: previous }] : [])];
const targets = []; // { name, url, token, pid, tool, args, era }
if (mode === 'endpoint') {
  for (const { label, dir } of builds) {
    targets.push({ name: `uap-host echo in-process${label}`, ...(await startHost(dir, `inline${label}`, { echo: 'in-process' })), tool: 'echo' });
    targets.push({ name: `uap-host echo isolated${label}`, ...(await startHost(dir, `isolated${label}`)), tool: 'echo' });
  }
  const referenceToken = 'reference-token-0123456789abcdef';
  const reference = await started(startProcess('node', [path.join(here, 'reference_server.mjs'), nodeModules, referenceToken], {}, /listening (\d+)/));
  targets.push({ name: 'TypeScript SDK 1.32.2', url: `http://127.0.0.1:${reference.match[1]}/mcp`, token: referenceToken, pid: reference.child.pid, tool: 'echo' });
  const bare = await started(startProcess('node', [path.join(here, 'bare_server.mjs')], {}, /listening (\d+)/));
  targets.push({ name: 'bare node:http', url: `http://127.0.0.1:${bare.match[1]}/mcp`, token: 'none', pid: bare.child.pid, tool: 'echo' });
} else if (mode === 'editor') {
  for (const { label, dir } of builds) {
    const host = await startHost(dir, `editor${label}`, { editor: true });
    targets.push({ name: `uap_ping${label}`, ...host, tool: 'uap_ping', args: '{}' });
    targets.push({ name: `uap_component_list${label}`, ...host, tool: 'uap_component_list', args: '{"path":"/Player"}' });
  }
} else {
  const host = await startHost(build, 'eras');
  targets.push({ name: 'session', ...host, tool: 'echo', era: 'session' });
  targets.push({ name: 'stateless', ...host, tool: 'echo', era: 'stateless' });
}

const results = new Map(); // name@concurrency → summary
try {
  for (const target of targets) runLoad(load, { ...target, concurrency: 4, calls: 2000 }); // Warm-up (JIT, pools, runners).
  for (const concurrency of [1, 16]) {
    const runs = new Map(targets.map((target) => [target, []]));
    for (let repeat = 0; repeat < repeats; ++repeat)
      for (const target of targets) runs.get(target).push(runLoad(load, { ...target, concurrency, calls: callsPerRun }));
    for (const [target, measured] of runs)
      results.set(`${target.name}@${concurrency}`, {
        callsPerSecond: median(measured.map((run) => run.callsPerSecond)),
        p50Ms: median(measured.map((run) => run.p50Ms)),
        p99Ms: median(measured.map((run) => run.p99Ms)),
        rssMb: rssMb(target.pid),
        runs: measured.map((run) => Math.round(run.callsPerSecond)),
      });
  }
  const width = Math.max(...targets.map((target) => target.name.length)) + 2;
  console.log(`\n${mode}: tools/call, ${callsPerRun} calls per run, median of ${repeats} runs (${os.cpus().length} CPUs, ${os.cpus()[0].model}, load ${os.loadavg().map((value) => value.toFixed(1)).join(' ')})`);
  console.log(`${'server'.padEnd(width)}conc   calls/s     p50 ms   p99 ms   RSS MB   runs (calls/s)`);
  for (const concurrency of [1, 16])
    for (const target of targets) {
      const value = results.get(`${target.name}@${concurrency}`);
      console.log(`${target.name.padEnd(width)}${String(concurrency).padStart(4)} ${value.callsPerSecond.toFixed(0).padStart(9)} ${value.p50Ms.toFixed(3).padStart(10)} ${value.p99Ms.toFixed(3).padStart(8)} ${value.rssMb.toFixed(1).padStart(8)}   ${value.runs.join(', ')}`);
    }
  const ratio = (first, second, concurrency) => {
    const a = results.get(`${first}@${concurrency}`), b = results.get(`${second}@${concurrency}`);
    console.log(`  ${first} / ${second} at concurrency ${concurrency}: throughput ${(a.callsPerSecond / b.callsPerSecond).toFixed(2)}x, p50 ${(a.p50Ms / b.p50Ms).toFixed(2)}x`);
  };
  console.log('ratios:');
  for (const concurrency of [1, 16]) {
    if (mode === 'endpoint')
      for (const { label } of builds) {
        ratio(`uap-host echo in-process${label}`, 'bare node:http', concurrency);
        ratio(`uap-host echo isolated${label}`, 'bare node:http', concurrency);
        ratio(`uap-host echo isolated${label}`, 'TypeScript SDK 1.32.2', concurrency);
      }
    else if (mode === 'editor')
      for (const { label } of builds) ratio(`uap_component_list${label}`, `uap_ping${label}`, concurrency);
    else ratio('session', 'stateless', concurrency);
    if (previous && mode === 'endpoint') ratio('uap-host echo in-process', 'uap-host echo in-process (previous)', concurrency);
    if (previous && mode === 'editor') ratio('uap_component_list', 'uap_component_list (previous)', concurrency);
  }

  if (mode !== 'editor' && memoryCalls > 0) {
    console.log(`\nmemory over ${memoryCalls} calls at concurrency 16 (RSS MB before → after each quarter):`);
    for (const target of targets.filter((target) => target.name !== 'bare node:http')) {
      const before = rssMb(target.pid);
      const quarters = [];
      for (let part = 0; part < 4; ++part) {
        runLoad(load, { ...target, concurrency: 16, calls: memoryCalls / 4 });
        quarters.push(rssMb(target.pid).toFixed(1));
      }
      console.log(`${target.name.padEnd(width)}${before.toFixed(1)} → ${quarters.join(' → ')}`);
    }
  }
} finally {
  for (const child of children.reverse()) await stop(child);
  fs.rmSync(work, { recursive: true, force: true });
}
