// The lighting pack's bake as an MCP task against `uap-host serve --editor sim`. 2025-11-25: the pinned
// official SDK client's experimental tasks API creates the task at once, tasks/get shows the editor's
// progress, a new client of the same name (a reconnect) fetches the result with tasks/result, and
// tasks/cancel stops a second bake. 2026-07-28 (the tasks extension) runs through the pinned v2 client
// and the extension's own requester (@modelcontextprotocol/ext-tasks): create, follow, resume, cancel.
import path from 'node:path';
import { check, connectClient, requireEnvironment, startHost } from '../../mcp/node/harness.mjs';

process.env.UAP_MCP_TEST_PLUGINS ??= process.env.UAP_PRO_LIGHTING_PACK;
const { CallToolResultSchema, TaskStatusNotificationSchema } = requireEnvironment()('@modelcontextprotocol/sdk/types.js');
const clientName = 'uap-bake-task-test';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const terminal = (status) => ['completed', 'failed', 'cancelled'].includes(status);

async function untilTask(client, taskId, accept, limitMs) {
  const started = Date.now();
  let task;
  while (Date.now() - started < limitMs) {
    task = await client.experimental.tasks.getTask(taskId);
    if (accept(task)) return task;
    await sleep(50);
  }
  return task;
}

// Starts a task-augmented tools/call and returns the created task (the SDK then polls; we stop it there).
async function startBake(client, args) {
  const stream = client.experimental.tasks.callToolStream({ name: 'uap_lighting_bake', arguments: args }, undefined, { task: { ttl: 600000 } });
  const first = await stream.next();
  await stream.return();
  check(first.value?.type === 'taskCreated', `a task-augmented call answers with the task: ${JSON.stringify(first.value)}`);
  return first.value.task;
}

// 2026-07-28 through the official clients: the v2 SDK client (server/discover, no initialize) and the
// tasks extension's requester. The SDK's codecs refuse the extension's task traffic, so the requester
// sends tools/call and tasks/* through a dispatcher the application supplies: one POST each, with
// the revision's headers (the requester adds the _meta).
let rawRequests = 0;
async function dispatchRaw(host, request, { signal } = {}) {
  const name = request.method === 'tools/call' ? request.params?.name : request.params?.taskId;
  const response = await fetch(host.url, {
    method: 'POST', signal, body: JSON.stringify({ jsonrpc: '2.0', id: `raw-${++rawRequests}`, ...request }),
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
               'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': request.method, ...(name ? { 'Mcp-Name': name } : {}) },
  });
  const reply = await response.json();
  return reply.error ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result };
}

async function modernTaskSession(host, name) {
  const modules = process.env.UAP_NODE_MODULES;
  const { Client, StreamableHTTPClientTransport } = await import(path.join(modules, '@modelcontextprotocol', 'client', 'dist', 'index.mjs'));
  const { createTaskSessionFromClient } = await import(path.join(modules, '@modelcontextprotocol', 'ext-tasks', 'dist', 'client', 'index.js'));
  const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(transport);
  const session = createTaskSessionFromClient(client, {
    endpointId: `uap-host-${host.port}`, rawDispatch: (request, options) => dispatchRaw(host, request, options),
    v2RequestFraming: { protocolVersion: '2026-07-28', clientInfo: { name, version: '1.0.0' }, clientCapabilities: {} },
  });
  return { client, session, async close() { await session.close(); await client.close(); } };
}

// Follows a task's updates until one is accepted (or the task ends); returns the last task seen.
async function untilUpdate(execution, accept) {
  let seen;
  for await (const event of execution.updates()) {
    seen = event.type === 'task' ? event.task : event.outcome.task;
    if (event.type === 'outcome' || accept(seen)) break;
  }
  return seen;
}

const host = await startHost('pro-lighting-task', {
  settings: { settingsVersion: 1, limits: { jobWaitMilliseconds: 300 } }, extraArguments: ['--editor', 'sim'],
});
try {
  const client = await connectClient(host, clientName);
  check(client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined, 'initialize declares task-augmented tools/call');

  const started = Date.now();
  const task = await startBake(client, {});
  check(task.status === 'working' && task.taskId.startsWith('task-') && Date.now() - started < 300,
        `the task exists at once (${Date.now() - started} ms, before the 300 ms job wait): ${JSON.stringify(task)}`);
  const baking = await untilTask(client, task.taskId, (seen) => seen.statusMessage?.includes('baking lightmaps') || terminal(seen.status), 5000);
  check(baking.status === 'working' && / of 100: baking lightmaps/.test(baking.statusMessage),
        `tasks/get shows the editor's progress: ${baking.statusMessage}`);
  const listed = await client.experimental.tasks.listTasks();
  check(listed.tasks.some((seen) => seen.taskId === task.taskId), 'tasks/list shows the task');
  await client.close();

  // A reconnect: a new client (a new session) of the same name fetches the result, blocking until the bake ends.
  const again = await connectClient(host, clientName);
  const announced = [];
  again.setNotificationHandler(TaskStatusNotificationSchema, (notification) => announced.push(notification.params));
  const result = await again.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
  const outcome = JSON.parse(result.content[0].text);
  check(result.isError === false && outcome.outcome === 'completed' && outcome.verifiedBy === 'lighting.bake.status' &&
        result._meta?.['io.modelcontextprotocol/related-task']?.taskId === task.taskId,
        `tasks/result after reconnecting returns the editor's outcome: ${result.content[0].text.slice(0, 160)}`);
  check((await again.experimental.tasks.getTask(task.taskId)).status === 'completed', 'and tasks/get says completed');
  const stranger = await connectClient(host, 'another-client');
  const refused = await stranger.experimental.tasks.getTask(task.taskId).then(() => null, (error) => error);
  check(refused?.code === -32602, `another client's session cannot see the task: ${refused?.message}`);
  await stranger.close();

  const second = await startBake(again, { engine: 'unity' });
  await untilTask(again, second.taskId, (seen) => seen.statusMessage?.includes('baking lightmaps') || terminal(seen.status), 5000);
  const cancelledAt = Date.now();
  const cancelled = await again.experimental.tasks.cancelTask(second.taskId);
  check(cancelled.status === 'cancelled', `tasks/cancel answers with the cancelled task: ${JSON.stringify(cancelled)}`);
  const cancelledResult = await again.experimental.tasks.getTaskResult(second.taskId, CallToolResultSchema);
  check(cancelledResult.isError === true && cancelledResult.content[0].text.includes('cancelled'),
        `its result says it was cancelled: ${cancelledResult.content[0].text}`);
  const late = await again.experimental.tasks.cancelTask(second.taskId).then(() => null, (error) => error);
  check(late?.code === -32602, `cancelling it again is refused: ${late?.message}`);
  // The editor stopped the bake: a new one (a task run to its end) starts once the cancellation reached it.
  // A bake that does not return within the runner's cancel grace (2 s) has its runner stopped, which ends
  // a call started meanwhile too; that is retried and reported, since it is the runner's rule, not the task's.
  let third;
  let freeAfter;
  const retried = [];
  for (let attempt = 0; attempt < 50; ++attempt) {
    freeAfter = Date.now() - cancelledAt;
    third = await again.experimental.tasks.getTaskResult((await startBake(again, {})).taskId, CallToolResultSchema);
    const text = third.content[0].text;
    if (!text.includes('already running') && !text.includes('runner was stopped')) break;
    retried.push(text.slice(0, 60));
    await sleep(100);
  }
  if (retried.length) console.log(`# retried the third bake ${retried.length} time(s): ${retried.join(' | ')}`);
  for (let waited = 0; waited < 2000 && !announced.some((task) => task.status === 'completed'); waited += 50) await sleep(50);
  check(announced.some((task) => task.status === 'completed' && task.taskId.startsWith('task-')),
        `notifications/tasks/status reached the session's stream: ${JSON.stringify(announced.map((task) => task.status))}`);
  check(third.isError === false && JSON.parse(third.content[0].text).outcome === 'completed',
        `the editor is free ${freeAfter} ms after the cancel: a new bake completes (${third.content[0].text.slice(0, 400)})`);
  await again.close();

  // 2026-07-28: the extension's requester creates the task, follows it, and a new client of the same
  // name resumes it from its serialized reference (a reconnect) and settles it; a second one is cancelled.
  const { resultFromTaskOutcome } = await import(
    path.join(process.env.UAP_NODE_MODULES, '@modelcontextprotocol', 'ext-tasks', 'dist', 'client', 'index.js'));
  const modernName = 'uap-bake-task-v2';
  const opened = await modernTaskSession(host, modernName);
  check(opened.client.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/tasks'] !== undefined,
        'server/discover offers the tasks extension to the v2 client');
  const execution = await opened.session.callTool('uap_lighting_bake', {});
  check(execution.kind === 'task' && execution.handle.taskId.startsWith('task-'), `the v2 client's call is a task: ${execution.kind}`);
  const followed = await untilUpdate(execution, (task) => task?.statusMessage?.includes('baking lightmaps'));
  check(followed?.status === 'working' && / of 100: baking lightmaps/.test(followed.statusMessage),
        `the extension's tasks/get shows the editor's progress: ${followed?.statusMessage}`);
  let reference;
  await execution.handoff((serialized) => { reference = serialized; });
  // The first client goes away as a process would, by its connection: closing its task session
  // would cancel the tasks it started (the requester's close() cancels every unsettled execution,
  // detached ones too).
  await opened.client.close();

  const reopened = await modernTaskSession(host, modernName);
  const resumed = await reopened.session.resumeTask(reference);
  const resumedOutcome = (await resumed.settle()).outcome;
  const finished = resultFromTaskOutcome(resumedOutcome);
  check(resumedOutcome.status === 'completed' && finished.isError !== true && JSON.parse(finished.content[0].text).outcome === 'completed',
        `a new v2 client resumes the task and gets the editor's outcome: ${JSON.stringify(finished).slice(0, 160)}`);
  const stopped = await reopened.session.callTool('uap_lighting_bake', { engine: 'unity' });
  await untilUpdate(stopped, (task) => task?.statusMessage?.includes('baking lightmaps'));
  await stopped.cancel();
  const cancelledOutcome = (await stopped.settle()).outcome;
  check(cancelledOutcome.status === 'cancelled', `the v2 client cancels a task: ${cancelledOutcome.status}`);
  await reopened.close();
} finally {
  await host.stop();
}
console.log('pro lighting bake as a task: all checks passed');
