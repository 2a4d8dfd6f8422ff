// The real Claude Code CLI (pinned in tests/node) accepts `uap-host mcp-config` output: the printed
// `claude mcp add --transport http ...` line is run as is, then `claude mcp list` and `claude mcp get`
// must report the server connected. A wrong token must show as failed. The host's request log shows
// which protocol revision the CLI picked: it asks server/discover for 2026-07-28 first and, since the
// host serves that revision, stays stateless (no initialize, no session).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, freshFolder, hostCommand, hostPath, requireEnvironment, startHost } from './harness.mjs';

requireEnvironment();
const claude = path.join(process.env.UAP_NODE_MODULES, '.bin', 'claude');
check(fs.existsSync(claude), `the pinned Claude Code CLI is installed (${claude})`);

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

// Splits a printed command line into words (double quotes group, as a POSIX shell would here).
function words(line) {
  return [...line.trim().matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]);
}

process.env.UAP_LOG_LEVEL = 'info'; // The request log names the revision of every request.
const host = await startHost('claude-cli');
try {
  const home = freshFolder('claude-home');
  const temporary = freshFolder('claude-tmp');
  const environment = {
    PATH: process.env.PATH, HOME: home, TMPDIR: temporary, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', DISABLE_ERROR_REPORTING: '1',
  };
  const config = await run(...hostCommand(['mcp-config', '--project', hostPath(host.project)]));
  check(config.code === 0, `mcp-config succeeded ${config.stderr}`);
  const printed = words(config.stdout);
  check(printed.slice(0, 5).join(' ') === 'claude mcp add --transport http', 'mcp-config prints a `claude mcp add --transport http` line');
  check(printed.includes(`Authorization: Bearer ${host.token}`), 'the line carries the bearer header');

  const added = await run(claude, printed.slice(1), { cwd: host.project, env: environment });
  check(added.code === 0, `claude mcp add accepted it: ${added.stdout.trim()} ${added.stderr.trim()}`);
  const listed = await run(claude, ['mcp', 'list'], { cwd: host.project, env: environment });
  console.log(listed.stdout.trim());
  check(/unity: http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP\) - [✓✔] Connected/.test(listed.stdout), 'claude mcp list shows the host connected');
  const discovered = /mcp: POST server\/discover revision=(\S+)(?: client=(\S+))? -> (\d+)/.exec(host.stderr());
  console.log(`the CLI's first request: ${discovered?.[0]}`);
  check(discovered?.[1] === '2026-07-28' && discovered?.[3] === '200', 'the CLI asked server/discover for 2026-07-28 and got it');
  check(/mcp: POST tools\/list revision=2026-07-28/.test(host.stderr()) || !/mcp: POST tools\/list/.test(host.stderr()),
        'the CLI listed tools statelessly (if at all)');
  check(!/session opened for client/.test(host.stderr()), 'the CLI never fell back to initialize');
  const shown = await run(claude, ['mcp', 'get', 'unity'], { cwd: host.project, env: environment });
  check(/Connected/.test(shown.stdout), 'claude mcp get shows the host connected');

  const json = await run(...hostCommand(['mcp-config', '--project', hostPath(host.project), '--client', 'json', '--name', 'viajson']));
  const parsed = JSON.parse(json.stdout);
  check(parsed.mcpServers.viajson.type === 'http' && parsed.mcpServers.viajson.url === host.url, 'the json form names the same URL');
  const addedJson = await run(claude, ['mcp', 'add-json', 'viajson', JSON.stringify(parsed.mcpServers.viajson)], { cwd: host.project, env: environment });
  check(addedJson.code === 0, `claude mcp add-json accepted the json form ${addedJson.stderr.trim()}`);
  const forged = await run(claude, ['mcp', 'add', '--transport', 'http', 'forged', host.url, '--header', 'Authorization: Bearer wrong'],
                           { cwd: host.project, env: environment });
  check(forged.code === 0, 'a server entry with a wrong token was added');
  const again = await run(claude, ['mcp', 'list'], { cwd: host.project, env: environment });
  console.log(again.stdout.trim());
  check(/viajson: .*[✓✔] Connected/.test(again.stdout), 'the json form connects too');
  check(/forged: .*([✗✘]|Failed|failed)/.test(again.stdout), 'a wrong token does not connect');
} finally {
  const exit = await host.stop();
  check(exit.code === 0, `host exited cleanly (${JSON.stringify(exit)})`);
}
