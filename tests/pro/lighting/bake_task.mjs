// The lighting pack's bake as an MCP task against `uap-host serve --editor sim`. 2025-11-25: the pinned
// official SDK client's experimental tasks API creates the task at once, tasks/get shows the editor's
// progress, a new client of the same name (a reconnect) fetches the result with tasks/result, and
// tasks/cancel stops a second bake. 2026-07-28 (the tasks extension) is driven over raw HTTP, since the
// pinned v2 client (2.4.0) refuses tasks/get toward a 2026 peer before sending it.
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

// One 2026-07-28 request declaring the tasks extension.
async function modern(host, method, params, name) {
  const body = {
    jsonrpc: '2.0', id: 1, method,
    params: { ...params, _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1' },
    } },
  };
  const response = await fetch(host.url, {
    method: 'POST', body: JSON.stringify(body),
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
               'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, 'Mcp-Name': name },
  });
  return response.json();
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

  // 2026-07-28: the extension returns a task at once and inlines the result in tasks/get.
  const created = await modern(host, 'tools/call', { name: 'uap_lighting_bake', arguments: {} }, 'uap_lighting_bake');
  check(created.result?.resultType === 'task' && created.result.status === 'working' && created.result.ttlMs > 0,
        `a 2026-07-28 call that declares the extension gets a task: ${JSON.stringify(created)}`);
  let polled;
  for (let attempt = 0; attempt < 400; ++attempt) {
    polled = await modern(host, 'tasks/get', { taskId: created.result.taskId }, created.result.taskId);
    if (terminal(polled.result?.status)) break;
    await sleep(50);
  }
  check(polled.result?.status === 'completed' && JSON.parse(polled.result.result.content[0].text).outcome === 'completed',
        `tasks/get inlines the finished bake: ${JSON.stringify(polled).slice(0, 200)}`);
} finally {
  await host.stop();
}
console.log('pro lighting bake as a task: all checks passed');
