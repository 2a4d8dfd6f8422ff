// What the MCP benchmarks share: starting and stopping the servers they measure, one mcp_load run,
// and the median of several.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Starts a process and resolves once its standard output matches readyPattern.
export function startProcess(command, args, environment, readyPattern) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...environment } });
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

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  await exited;
}

// One mcp_load run: CONCURRENCY connections share CALLS tools/call requests; its JSON summary.
export function runLoad(load, { url, token, concurrency, calls, tool = 'echo', era = 'session', args = '{"text":"hello"}' }) {
  const run = spawnSync(load, [url, token, String(concurrency), String(calls), tool, era, args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`mcp_load failed against ${url} (${tool}): ${run.stdout} ${run.stderr}`);
  return JSON.parse(run.stdout.trim());
}
