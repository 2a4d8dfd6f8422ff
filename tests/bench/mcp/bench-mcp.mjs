// MCP endpoint benchmark (not a test): in one run on this machine, the same load against uap-host's
// /mcp and the TypeScript SDK reference server — tools/call of a trivial echo tool at concurrency
// 1 and 16, several repeats — then memory over 200,000 calls. Prints calls/s, p50, p99, RSS, ratios.
// With --eras, uap-host alone, its 2025 session path beside its stateless 2026-07-28 path instead.
// usage: node tests/bench/mcp/bench-mcp.mjs BUILD_DIR [--repeats N] [--calls N] [--memory-calls N] [--load PATH] [--eras]
//   BUILD_DIR: a Release build (cmake -DCMAKE_BUILD_TYPE=Release -DUAP_SANITIZE=OFF) with
//   uap-host, mcp_load and the tests/mcp test modules built.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '..', '..', '..');
const build = path.resolve(process.argv[2] ?? '');
const option = (name, fallback) => { const at = process.argv.indexOf(name); return at > 0 ? Number(process.argv[at + 1]) : fallback; };
const repeats = option('--repeats', 3);
const callsPerRun = option('--calls', 20000);
const memoryCalls = option('--memory-calls', 200000);
const nodeModules = path.join(source, 'tests', 'node', 'node_modules');
const loadAt = process.argv.indexOf('--load');
const load = loadAt > 0 ? path.resolve(process.argv[loadAt + 1]) : path.join(build, 'bin', 'mcp_load');
for (const file of [path.join(build, 'bin', 'uap-host'), load, nodeModules])
  if (!fs.existsSync(file)) { console.error(`missing ${file}`); process.exit(2); }

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

function startProcess(command, args, environment, readyPattern) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...environment } });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = readyPattern.exec(output);
      if (match) resolve({ child, match });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}

async function stop(child) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  await exited;
}

function runLoad(url, token, concurrency, calls, era = 'session') {
  const run = spawnSync(load, [url, token, String(concurrency), String(calls), 'echo', era], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`mcp_load failed: ${run.stdout} ${run.stderr}`);
  return JSON.parse(run.stdout.trim());
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-bench-mcp-'));
const project = path.join(work, 'project');
fs.mkdirSync(project);
const host = await startProcess(path.join(build, 'bin', 'uap-host'),
  ['serve', '--project', project, '--plugins', path.join(build, 'test-plugins', 'mcp')], { UAP_LOG_LEVEL: 'warn' }, /serving (\S+)/);
const hostUrl = host.match[1];
const hostToken = fs.readFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'tokens', 'mcp.token'), 'utf8').trim();
const compareEras = process.argv.includes('--eras');
const referenceToken = 'reference-token-0123456789abcdef';
const reference = compareEras ? null
  : await startProcess('node', [path.join(here, 'reference_server.mjs'), nodeModules, referenceToken], {}, /listening (\d+)/);
const referenceUrl = reference && `http://127.0.0.1:${reference.match[1]}/mcp`;

const servers = compareEras
  ? [{ name: 'session', url: hostUrl, token: hostToken, pid: host.child.pid, era: 'session' },
     { name: 'stateless', url: hostUrl, token: hostToken, pid: host.child.pid, era: 'stateless' }]
  : [{ name: 'uap-host', url: hostUrl, token: hostToken, pid: host.child.pid },
     { name: 'ts-sdk', url: referenceUrl, token: referenceToken, pid: reference.child.pid }];
const [first, second] = servers.map((server) => server.name);
const results = {};
try {
  for (const server of servers) runLoad(server.url, server.token, 4, 2000, server.era); // Warm-up (JIT, pools).
  for (const concurrency of [1, 16]) {
    // Repeats alternate between the servers, so a change in the machine's load hits both alike.
    const runs = new Map(servers.map((server) => [server, []]));
    for (let repeat = 0; repeat < repeats; ++repeat)
      for (const server of servers) runs.get(server).push(runLoad(server.url, server.token, concurrency, callsPerRun, server.era));
    for (const server of servers) {
      const measured = runs.get(server);
      results[`${server.name}@${concurrency}`] = {
        callsPerSecond: median(measured.map((run) => run.callsPerSecond)),
        p50Ms: median(measured.map((run) => run.p50Ms)),
        p99Ms: median(measured.map((run) => run.p99Ms)),
        rssMb: rssMb(server.pid),
        runs: measured.map((run) => Math.round(run.callsPerSecond)),
      };
    }
  }
  console.log(`\nMCP tools/call echo, ${callsPerRun} calls per run, median of ${repeats} runs (${os.cpus().length} CPUs, ${os.cpus()[0].model})`);
  console.log('server     conc   calls/s     p50 ms   p99 ms   RSS MB   runs (calls/s)');
  for (const [key, value] of Object.entries(results)) {
    const [name, concurrency] = key.split('@');
    console.log(`${name.padEnd(10)} ${concurrency.padStart(4)} ${value.callsPerSecond.toFixed(0).padStart(9)} ${value.p50Ms.toFixed(3).padStart(10)} ${value.p99Ms.toFixed(3).padStart(8)} ${value.rssMb.toFixed(1).padStart(8)}   ${value.runs.join(', ')}`);
  }
  for (const concurrency of [1, 16])
    console.log(`throughput ratio ${first} / ${second} at concurrency ${concurrency}: ${(results[`${first}@${concurrency}`].callsPerSecond / results[`${second}@${concurrency}`].callsPerSecond).toFixed(2)}x`);

  console.log(`\nmemory over ${memoryCalls} calls at concurrency 16 (RSS MB before → after):`);
  for (const server of servers) {
    const before = rssMb(server.pid);
    const halves = [];
    for (let part = 0; part < 4; ++part) {
      runLoad(server.url, server.token, 16, memoryCalls / 4, server.era);
      halves.push(rssMb(server.pid).toFixed(1));
    }
    console.log(`${server.name.padEnd(10)} ${before.toFixed(1)} → ${halves.join(' → ')}`);
  }
  if (reference) {
    const stats = await fetch(referenceUrl.replace('/mcp', '/stats'), { headers: { authorization: `Bearer ${referenceToken}` } }).then((r) => r.json());
    console.log(`ts-sdk transport map entries left after the run (leak workaround check): ${stats.mapEntries}`);
  }
} finally {
  await stop(host.child);
  if (reference) await stop(reference.child);
  fs.rmSync(work, { recursive: true, force: true });
}
