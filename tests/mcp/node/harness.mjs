// Shared by the Node tests of the MCP endpoint: starts `uap-host serve` on a fresh project, reads
// its port and token from the files it writes, runs a header-injecting proxy, and ends by pid.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

export function requireEnvironment() {
  for (const name of ['UAP_HOST', 'UAP_MCP_TEST_PLUGINS', 'UAP_NODE_MODULES', 'UAP_TEST_WORK']) {
    if (!process.env[name]) throw new Error(`environment variable ${name} is not set (run through ctest)`);
  }
  if (!fs.existsSync(path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'sdk'))) {
    throw new Error(`${process.env.UAP_NODE_MODULES} lacks the pinned packages: run \`npm ci\` in tests/node`);
  }
  return createRequire(path.join(process.env.UAP_NODE_MODULES, 'placeholder.js'));
}

// In the Windows cross build the host is a .exe run through Wine (UAP_WINE names it). A Wine prefix
// maps the Unix root to drive Z:, so paths handed to the host become Z:\... and paths it hands back
// (discovery file, messages) are mapped back before Node opens them.
const wine = process.env.UAP_WINE;
export const underWine = Boolean(wine);
export const hostPath = (unixPath) => (wine ? `Z:${unixPath.replaceAll('/', '\\')}` : unixPath);
export const localPath = (pathFromHost) => (wine ? pathFromHost.replace(/^[Zz]:/, '').replaceAll('\\', '/') : pathFromHost);
// The command and arguments that run `uap-host <args>` here: [command, args] for spawn.
export const hostCommand = (args) => (wine ? [wine, [process.env.UAP_HOST, ...args]] : [process.env.UAP_HOST, args]);
// Wine turns SIGINT into Ctrl+C for the host's console handler (an orderly stop); its SIGTERM
// ends the process at once, without the host's shutdown. On POSIX the host handles SIGTERM.
export const stopSignal = wine ? 'SIGINT' : 'SIGTERM';

export function freshFolder(name) {
  const folder = path.join(process.env.UAP_TEST_WORK, `${name}-${process.pid}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

// Hosts still running when this test process exits, however it exits (an uncaught error included),
// get SIGTERM, so a failing test never leaves a host and its module runners behind.
const runningHosts = new Set();
process.on('exit', () => {
  for (const pid of runningHosts) {
    try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
  }
});

// Starts the host; resolves with {url, port, token, project, stop()}.
export async function startHost(name, { settings, plugins = [], project: existing, extraArguments = [] } = {}) {
  const project = existing ?? freshFolder(name);
  if (settings) {
    fs.mkdirSync(path.join(project, 'UserSettings', 'AgentPanel'), { recursive: true });
    fs.writeFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'host-settings.json'), JSON.stringify(settings));
  }
  const pluginArguments = [process.env.UAP_MCP_TEST_PLUGINS, ...plugins].flatMap((folder) => ['--plugins', hostPath(folder)]);
  const [command, args] = hostCommand(['serve', '--project', hostPath(project), ...pluginArguments, ...extraArguments]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, UAP_LOG_LEVEL: process.env.UAP_LOG_LEVEL ?? 'warn' } });
  runningHosts.add(child.pid);
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    runningHosts.delete(child.pid);
    resolve({ code, signal });
  }));
  await new Promise((resolve, reject) => {
    let stdout = '';
    // Under Wine the first start of a test also starts the wineserver.
    const timer = setTimeout(() => reject(new Error(`uap-host did not start: ${stderr}`)), wine ? 60000 : 20000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('serving')) { clearTimeout(timer); resolve(); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`uap-host exited with ${code}: ${stderr}`)); });
  });
  const discovery = JSON.parse(fs.readFileSync(path.join(project, 'UserSettings', 'AgentPanel', 'host.json'), 'utf8'));
  const token = fs.readFileSync(localPath(discovery.tokenFiles.mcp), 'utf8').trim();
  return {
    // pid: the host's own process id (under Wine the Windows one, which its messages name).
    project, port: discovery.port, url: discovery.mcpUrl, token, pid: discovery.pid,
    stderr: () => stderr,
    exited,
    async stop() {
      process.kill(child.pid, stopSignal);
      const timer = setTimeout(() => process.kill(child.pid, 'SIGKILL'), 10000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

// A loopback proxy that adds the bearer token. Host and Origin naming the proxy itself are mapped
// to the host's port (as a reverse proxy does); any other Host or Origin is forwarded unchanged,
// so the DNS-rebinding checks still see foreign values.
export async function startProxy(targetPort, token) {
  let proxyPort = 0;
  const mapAuthority = (value) => {
    const match = /^(https?:\/\/)?(127\.0\.0\.1|localhost|\[::1\]):(\d+)$/i.exec(value ?? '');
    if (!match || Number(match[3]) !== proxyPort) return value;
    return `${match[1] ?? ''}${match[2]}:${targetPort}`;
  };
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, authorization: `Bearer ${token}` };
    if (headers.host) headers.host = mapAuthority(headers.host);
    if (headers.origin) headers.origin = mapAuthority(headers.origin);
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers,
                                    setHost: false }, (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', (error) => { response.writeHead(502); response.end(String(error)); });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyPort = server.address().port;
  return { port: proxyPort, url: `http://127.0.0.1:${proxyPort}/mcp`, close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }) };
}

// Runs one scenario of the official conformance suite against `url`; `node` is the Node binary
// that runs it and `suite` the suite's entry script. Resolves with {clean, status, output}: clean
// when it exited 0 with no failure or unexpected warning. Asynchronous on purpose: the proxy in
// front of the host runs on this process's event loop.
export function runConformanceScenario({ node, suite, url, scenario, extraArguments = [], timeoutMs = 120000 }) {
  return new Promise((resolve) => {
    const child = spawn(node, [suite, 'server', '--url', url, '--scenario', scenario, ...extraArguments], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      const passedLine = /Passed:\s*(\d+)\/(\d+)/.exec(output);
      const baselined = extraArguments.includes('--expected-failures');
      const clean = status === 0 && (baselined || (!/FAILURE|Failed: [1-9]/.test(output) && (!passedLine || passedLine[1] === passedLine[2])));
      resolve({ clean, status, output });
    });
  });
}

export function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  console.log(`ok - ${message}`);
}

// The official SDK client, connected to the host with its MCP token; name: the client's name.
export async function connectClient(host, name) {
  const require = requireEnvironment();
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const transport = new StreamableHTTPClientTransport(new URL(host.url), {
    requestInit: { headers: { Authorization: `Bearer ${host.token}` } },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

// Counts a client's tools/list_changed notifications (schema: the SDK's ToolListChangedNotificationSchema).
// next(what) resolves at the next notification, or rejects after 10 s naming `what`.
export function watchToolListChanges(client, schema) {
  let waiters = [];
  const changes = {
    count: 0,
    next(what) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no tools/list_changed after ${what}`)), 10000);
        waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    },
  };
  client.setNotificationHandler(schema, () => {
    changes.count += 1;
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  });
  return changes;
}
