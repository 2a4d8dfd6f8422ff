// The lighting pack's bake as a job against `uap-host serve --editor sim`, through the pinned official
// MCP SDK client: found by a Japanese search, the call past the short wait answers with a job id and
// streams progress, uap_job_status shows its progress and then the editor's outcome (checked against
// the console through another tool), a second bake is cancelled through uap_job_status, a bake with
// reflectionProbes bakes a probe added with core tools (its texture found by uap_asset_find), Bakery is
// refused with the alternative while it is absent, and a bad engine is refused by the schema.
import { check, connectClient, startHost } from '../../mcp/node/harness.mjs';

process.env.UAP_MCP_TEST_PLUGINS ??= process.env.UAP_PRO_LIGHTING_PACK;
const waitMs = 300;

const text = (result) => result.content?.[0]?.text ?? '';
const json = (result) => JSON.parse(text(result));
const status = async (client, args) => json(await client.callTool({ name: 'uap_job_status', arguments: args }));

async function until(client, jobId, accept, limitMs) {
  const started = Date.now();
  let report;
  while (Date.now() - started < limitMs) {
    report = await status(client, { jobId });
    if (accept(report)) return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return report;
}
const finished = (report) => ['completed', 'failed', 'cancelled'].includes(report.state);

const host = await startHost('pro-lighting-bake', {
  settings: { settingsVersion: 1, limits: { jobWaitMilliseconds: waitMs } }, extraArguments: ['--editor', 'sim'],
});
try {
  const client = await connectClient(host, 'uap-pro-lighting-test');
  const search = json(await client.callTool({ name: 'uap_tool_search', arguments: { query: 'ライトマップをベイク' } }));
  const found = search.matches?.find((match) => match.tool === 'uap_lighting_bake');
  check(found?.traits?.longRunning === true && found.traits.undoable === false,
        `a Japanese search finds the bake tool, long-running and not undoable: ${JSON.stringify(found?.traits)}`);

  const reports = [];
  const started = Date.now();
  const reply = await client.callTool({ name: 'uap_lighting_bake', arguments: {} }, undefined, { onprogress: (progress) => reports.push(progress) });
  const job = json(reply);
  check(reply.isError === false && job.state === 'running' && job.jobId.startsWith('tooljob-'),
        `the bake outlasts the ${waitMs} ms wait and answers with a job id after ${Date.now() - started} ms: ${text(reply)}`);
  check(reports.length >= 1 && reports.every((report) => report.total === 100), `progress streamed during the wait (${reports.length} reports)`);

  const baking = await until(client, job.jobId, (report) => report.progress?.message?.startsWith('baking lightmaps') || finished(report), 5000);
  check(baking.state === 'running' && baking.progress.progress > 0 && baking.progress.progress < 100,
        `uap_job_status shows the bake's progress from the editor: ${JSON.stringify(baking.progress)}`);
  const done = await until(client, job.jobId, finished, 20000);
  check(done.state === 'completed' && done.result.outcome === 'completed' && done.result.elapsedMs >= 1000 &&
        Number.isInteger(done.result.lightmapCount) && done.result.verifiedBy === 'lighting.bake.status',
        `then the editor's outcome: ${JSON.stringify(done.result)}`);
  // The sample scene has no static renderers: the editor warned, and the console (another tool) shows the same warning.
  check(done.result.warnings.length === 1 && done.result.warnings[0].includes('no lightmaps'), `the warning is reported: ${done.result.warnings[0]}`);
  const logs = json(await client.callTool({ name: 'uap_console_logs', arguments: { types: ['warning'] } }));
  check(JSON.stringify(logs).includes(done.result.warnings[0].slice(0, 40)), 'the console holds the warning the bake reported');

  const second = json(await client.callTool({ name: 'uap_lighting_bake', arguments: { engine: 'unity' } }));
  check(second.state === 'running', 'a second bake runs as a job');
  const cancelling = await status(client, { jobId: second.jobId, cancel: true });
  check(['cancelling', 'cancelled'].includes(cancelling.state), `cancel: true stops it: ${cancelling.state}`);
  const cancelled = await until(client, second.jobId, finished, 10000);
  check(cancelled.state === 'cancelled' && cancelled.error.includes('the editor stopped bake'),
        `the cancelled job says the editor stopped the bake: ${JSON.stringify(cancelled)}`);
  const third = json(await client.callTool({ name: 'uap_lighting_bake', arguments: {} }));
  check(third.state === 'running', 'the editor is free again after the cancellation: a new bake starts');
  await status(client, { jobId: third.jobId, cancel: true });
  await until(client, third.jobId, finished, 10000);

  // Reflection probes: a probe added with core tools is baked after the lightmaps, and its texture is found by another tool.
  await client.callTool({ name: 'uap_scene_create_object', arguments: { name: 'Hall Probe' } });
  const added = await client.callTool({ name: 'uap_component_add', arguments: { path: '/Hall Probe', componentType: 'UnityEngine.ReflectionProbe' } });
  check(added.isError === false, `a ReflectionProbe is added with uap_component_add: ${text(added).slice(0, 160)}`);
  const probeJob = json(await client.callTool({ name: 'uap_lighting_bake', arguments: { reflectionProbes: true } }));
  const probed = probeJob.state === 'running' ? await until(client, probeJob.jobId, finished, 20000) : { state: 'completed', result: probeJob };
  const texture = probed.result?.reflectionProbes?.baked?.[0]?.texture;
  check(probed.state === 'completed' && probed.result.reflectionProbes.baked.length === 1 &&
        texture === 'Assets/Scenes/SampleScene/ReflectionProbe-0.exr' && probed.result.reflectionProbes.verifiedBy === 'asset.find',
        `the probe is baked after the lightmaps: ${JSON.stringify(probed.result?.reflectionProbes)}`);
  const listed = json(await client.callTool({ name: 'uap_asset_find', arguments: { query: 't:Cubemap', folders: ['Assets/Scenes/SampleScene'] } }));
  check(JSON.stringify(listed).includes(texture), `uap_asset_find lists the probe's texture: ${JSON.stringify(listed).slice(0, 200)}`);

  const bakery = await client.callTool({ name: 'uap_lighting_bake', arguments: { engine: 'bakery' } });
  check(bakery.isError === true && text(bakery).includes('Bakery is not installed') && text(bakery).includes('"engine": "unity"'),
        `engine bakery is refused while Bakery is absent, naming the alternative: ${text(bakery).slice(0, 160)}`);
  const wrong = await client.callTool({ name: 'uap_lighting_bake', arguments: { engine: 'mental-ray' } });
  check(wrong.isError === true && text(wrong).includes('engine'), `an unknown engine is refused: ${text(wrong).slice(0, 160)}`);
  const extra = await client.callTool({ name: 'uap_lighting_bake', arguments: { quality: 'high' } });
  check(extra.isError === true && text(extra).includes('quality'), `an unknown argument is refused: ${text(extra).slice(0, 160)}`);
  await client.close();
} finally {
  await host.stop();
}
console.log('pro lighting bake: all checks passed');
