// Long-running tools as jobs against `uap-host serve`, through the official SDK client: a call that
// outlasts the short wait answers with a job id, uap_job_status reports it running and then its
// result (or its error, or its cancellation); bad job ids get a clear answer; SIGTERM cancels a
// running job and the host ends within 5 s (isolated and in-process).
import fs from 'node:fs';
import path from 'node:path';
import { check, connectClient, hostPath, requireEnvironment, startHost, stopSignal } from './harness.mjs';

requireEnvironment();
const jobsPack = process.env.UAP_JOBS_PACK;
if (!fs.existsSync(path.join(jobsPack ?? '', 'uap-module.json'))) throw new Error(`the jobs test pack is not built at ${jobsPack}`);
const waitMs = 300;

const connect = (host) => connectClient(host, 'uap-tool-jobs-test');

const text = (result) => result.content?.[0]?.text ?? '';
const json = (result) => JSON.parse(text(result));
const status = async (client, args) => client.callTool({ name: 'uap_job_status', arguments: args });

async function until(client, jobId, states, limitMs) {
  const started = Date.now();
  let report;
  while (Date.now() - started < limitMs) {
    report = json(await status(client, { jobId }));
    if (states.includes(report.state)) return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return report;
}

{
  const host = await startHost('tool-jobs', {
    plugins: [jobsPack], settings: { settingsVersion: 1, limits: { jobWaitMilliseconds: waitMs } },
  });
  try {
    const client = await connect(host);
    const { tools } = await client.listTools();
    const slow = tools.find((tool) => tool.name === 'slow_task');
    check(slow?._meta?.['agentpanel.unity/longRunning'] === true && slow.outputSchema === undefined,
          'a long-running tool is listed as such, without an output schema (its reply may name a job)');

    const quick = await client.callTool({ name: 'slow_task', arguments: { milliseconds: 20, text: 'quick' } });
    check(quick.isError === false && json(quick).text === 'quick' && quick.structuredContent === undefined,
          `a call that finishes within the wait answers with its result: ${text(quick)}`);

    let started = Date.now();
    const long = await client.callTool({ name: 'slow_task', arguments: { milliseconds: 2500, text: 'finally' } });
    const replyMs = Date.now() - started;
    const job = json(long);
    check(long.isError === false && job.state === 'running' && job.jobId.startsWith('tooljob-') && job.tool === 'slow_task',
          `a call past the wait answers at once with a job id: ${text(long)}`);
    check(replyMs < 2000, `the job reply came after ${replyMs} ms (wait ${waitMs} ms), before the work ended`);
    check(job.detail.includes('uap_job_status') && job.detail.includes(job.jobId), 'the reply says how to get the outcome');

    const running = json(await status(client, { jobId: job.jobId }));
    check(running.state === 'running' && running.progress?.message === 'working' && running.progress.total === 2500,
          `uap_job_status reports it running, with its last progress: ${JSON.stringify(running)}`);
    const done = await until(client, job.jobId, ['completed', 'failed', 'cancelled'], 15000);
    check(done.state === 'completed' && done.result?.text === 'finally', `then its full result: ${JSON.stringify(done)}`);
    const again = json(await status(client, { jobId: job.jobId }));
    check(again.state === 'completed', 'a finished job is kept and can be asked about again');

    const reports = [];
    const streamed = await client.callTool({ name: 'slow_task', arguments: { milliseconds: 1500 } }, undefined,
                                           { onprogress: (progress) => reports.push(progress) });
    check(json(streamed).state === 'running' && reports.length >= 2 && reports.every((report) => report.total === 1500),
          `a client that asked for progress gets it during the wait, then the job reply (${reports.length} reports)`);

    // Through uap_tool_call the long-running target becomes a job the same way, with its progress and result.
    const forwardedReports = [];
    const forwarded = json(await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'slow_task', arguments: { milliseconds: 1500, text: 'through' } } },
                                                 undefined, { onprogress: (progress) => forwardedReports.push(progress) }));
    check(forwarded.state === 'running' && forwarded.tool === 'slow_task' && forwardedReports.length >= 1,
          `uap_tool_call runs a long-running tool as a job, with progress (${forwardedReports.length} reports): ${JSON.stringify(forwarded)}`);
    const forwardedDone = await until(client, forwarded.jobId, ['completed', 'failed', 'cancelled'], 15000);
    check(forwardedDone.state === 'completed' && forwardedDone.result?.text === 'through', `and its job ends with the target's result: ${JSON.stringify(forwardedDone)}`);
    const forwardedEndless = json(await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'slow_task', arguments: { milliseconds: 600000 } } }));
    json(await status(client, { jobId: forwardedEndless.jobId, cancel: true }));
    const forwardedCancelled = await until(client, forwardedEndless.jobId, ['completed', 'failed', 'cancelled'], 5000);
    check(forwardedCancelled.state === 'cancelled', `a job started through uap_tool_call is cancelled like any other: ${forwardedCancelled.state}`);

    const failing = json(await client.callTool({ name: 'slow_task', arguments: { milliseconds: 800, fail: true } }));
    check(failing.state === 'running', 'a failing long call becomes a job too');
    const failed = await until(client, failing.jobId, ['completed', 'failed', 'cancelled'], 15000);
    check(failed.state === 'failed' && failed.error.includes('slow_task failed on purpose'),
          `a failing job reports its error: ${JSON.stringify(failed)}`);

    const endless = json(await client.callTool({ name: 'slow_task', arguments: { milliseconds: 600000 } }));
    started = Date.now();
    const cancelling = json(await status(client, { jobId: endless.jobId, cancel: true }));
    check(['cancelling', 'cancelled'].includes(cancelling.state), `cancel: true answers with the job's state: ${cancelling.state}`);
    const cancelled = await until(client, endless.jobId, ['completed', 'failed', 'cancelled'], 5000);
    check(cancelled.state === 'cancelled' && cancelled.error.includes('slow_task stopped: cancelled'),
          `a cancelled job stops (in ${Date.now() - started} ms) and says so: ${JSON.stringify(cancelled)}`);

    // Bad ids: never issued, of neither kind, empty, oversized, and cancelling an editor call's job.
    const unknown = json(await status(client, { jobId: 'tooljob-0123456789abcdef' }));
    check(unknown.state === 'unknown' && unknown.detail.includes('no such job'), `an unknown job id says so: ${unknown.detail}`);
    const foreign = json(await status(client, { jobId: 'not-a-job' }));
    check(foreign.state === 'unknown' && foreign.detail.includes('no such job'), `an id of no kind says so: ${foreign.detail}`);
    const empty = json(await status(client, { jobId: '' }));
    check(empty.state === 'unknown', `an empty id is unknown: ${empty.detail}`);
    const oversized = await status(client, { jobId: 'x'.repeat(100000) });
    check(oversized.isError === true && text(oversized).includes('maxLength'), 'an oversized id is refused by the schema');
    const editorCancel = await status(client, { jobId: 'abc', cancel: true });
    check(editorCancel.isError === true && text(editorCancel).includes('only jobs of long-running module tools'),
          `cancelling a job that is not a tool's is refused with the reason: ${text(editorCancel).slice(0, 120)}`);
    await client.close();
  } finally {
    await host.stop();
  }
}

// Shutdown cancels a running job: the tool sees is_cancelled and serve ends within 5 s.
for (const isolation of ['isolated', 'in-process']) {
  const host = await startHost(`tool-jobs-shutdown-${isolation}`, {
    plugins: [jobsPack], settings: { settingsVersion: 1, limits: { jobWaitMilliseconds: waitMs }, isolation: { 'mcptest.jobs': isolation } },
  });
  const stopFile = path.join(host.project, 'stopped');
  const client = await connect(host);
  const job = json(await client.callTool({ name: 'slow_task', arguments: { milliseconds: 600000, stopFile: hostPath(stopFile) } }));
  check(job.state === 'running', `${isolation}: a job is running`);
  const started = Date.now();
  const { code, signal } = await host.stop();
  const took = Date.now() - started;
  check(code === 0 && signal === null && took < 5000, `${isolation}: serve ends on ${stopSignal} in ${took} ms with a running job (code ${code})`);
  check(fs.existsSync(stopFile), `${isolation}: the job's tool saw the cancellation`);
}
console.log('tool jobs: all checks passed');
