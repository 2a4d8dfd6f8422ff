// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against a
// running `uap-host serve`, through the header-injecting proxy: the 2025 session scenarios that
// exercise the real endpoint with its own tools. Every listed scenario must pass.
import path from 'node:path';
import { requireEnvironment, runConformanceScenario, startHost, startProxy } from './harness.mjs';

requireEnvironment();

const scenarios = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
const suite = path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const host = await startHost('conformance');
const proxy = await startProxy(host.port, host.token);
const failed = [];
try {
  for (const scenario of scenarios) {
    const run = await runConformanceScenario({ node: process.execPath, suite, url: proxy.url, scenario });
    console.log(`${run.clean ? 'ok' : 'not ok'} - conformance ${scenario} (exit ${run.status})`);
    if (!run.clean) { failed.push(scenario); console.log(run.output); }
  }
} finally {
  await proxy.close();
  await host.stop();
}
if (failed.length) {
  console.error(`conformance scenarios failed: ${failed.join(', ')}`);
  process.exit(1);
}
