// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against a
// running `uap-host serve`, through the header-injecting proxy. Every listed scenario must pass.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { requireEnvironment, startHost, startProxy } from './harness.mjs';

requireEnvironment();

function runProcess(command, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (status) => { clearTimeout(timer); resolve({ status, output }); });
  });
}
const scenarios = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
const host = await startHost('conformance');
const proxy = await startProxy(host.port, host.token);
const runner = path.join(process.env.UAP_NODE_MODULES, '.bin', 'conformance');
const failed = [];
try {
  for (const scenario of scenarios) {
    // Asynchronous on purpose: the proxy runs on this process's event loop.
    const run = await runProcess(runner, ['server', '--url', proxy.url, '--scenario', scenario], 120000);
    const output = run.output;
    const passedLine = /Passed:\s*(\d+)\/(\d+)/.exec(output);
    const clean = run.status === 0 && !/FAILURE|Failed: [1-9]/.test(output) && (!passedLine || passedLine[1] === passedLine[2]);
    console.log(`${clean ? 'ok' : 'not ok'} - conformance ${scenario} (exit ${run.status})`);
    if (!clean) { failed.push(scenario); console.log(output); }
  }
} finally {
  await proxy.close();
  await host.stop();
}
if (failed.length) {
  console.error(`conformance scenarios failed: ${failed.join(', ')}`);
  process.exit(1);
}
