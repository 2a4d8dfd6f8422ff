// The agent's first scene against a real `uap-host serve --editor sim` process, through the official
// MCP TypeScript SDK client: three red cubes in a row under a parent, a light, a new material on the
// cubes through the pipeline's colour property, the parent moved, the scene saved, all read back; then
// a large screenshot of it, which arrives as one image block scaled to fit.
import { check, requireEnvironment, startHost } from '../../mcp/node/harness.mjs';

const require = requireEnvironment();
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const host = await startHost('tools-scenario', { extraArguments: ['--editor', 'sim'] });
try {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), {
    requestInit: { headers: { Authorization: `Bearer ${host.token}` } },
  });
  const client = new Client({ name: 'uap-tools-scenario', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} failed: ${result.content[0].text}`);
    return JSON.parse(result.content[0].text);
  };

  const { tools } = await client.listTools();
  const size = Buffer.byteLength(JSON.stringify({ tools }));
  console.log(`# tools/list of the default packs (plus the MCP test packs): ${tools.length} tools, ${size} bytes`);
  check(tools.some((tool) => tool.name === 'uap_batch') && tools.some((tool) => tool.name === 'uap_tool_search'),
        'the core pack and the discovery tools are listed by default');
  const found = await call('uap_tool_search', { query: 'console logs', limit: 1 });
  check(found.matches[0]?.tool === 'uap_console_logs', 'the editor pack is served by default, found through uap_tool_search');

  await call('uap_scene_create_object', { name: 'Floor', primitiveType: 'Plane', scale: { x: 2, y: 1, z: 2 } });
  await call('uap_scene_create_object', { name: 'Row', position: { x: 0, y: 0.5, z: 0 } });
  for (let index = 0; index < 3; index++)
    await call('uap_scene_create_object', { name: `Cube${index}`, primitiveType: 'Cube', parentPath: '/Row', position: { x: index * 2 } });
  await call('uap_scene_create_object', { name: 'Key Light', position: { y: 5 }, rotation: { x: 50 } });
  await call('uap_component_add', { path: '/Key Light', componentType: 'Light' });
  const material = (await call('uap_asset_create', { assetType: 'Material', path: 'Assets/Materials/Red Cubes.mat' })).created.path;
  const inspected = await call('uap_object_inspect', { assetPath: material, maxResults: 100 });
  const colour = inspected.properties.some((property) => property.path === '_BaseColor') ? '_BaseColor' : '_Color';
  await call('uap_property_set', { assetPath: material, propertyPath: colour, value: '#ff0000' });
  const batch = await call('uap_batch', { name: 'assign material', calls: [0, 1, 2].map((index) => ({
    tool: 'uap_property_set',
    arguments: { path: `/Row/Cube${index}`, componentType: 'MeshRenderer', propertyPath: 'm_Materials.Array.data[0]', value: material } })) });
  check(batch.ok === true && batch.calls === 3, 'the material went onto the three cubes in one batch');
  await call('uap_transform_set', { path: '/Row', position: { x: 10, z: 5 } });
  await call('uap_scene_save', { path: 'Assets/Scenes/Demo.unity' });

  const tree = (await call('uap_query_hierarchy', { maxDepth: 2 })).hierarchy;
  check(/Row \[Transform\] \(3 children\)/.test(tree) && /\n {2}Cube2 \[Transform, MeshFilter, MeshRenderer, BoxCollider\]/.test(tree),
        'the hierarchy shows the parent with three cubes');
  for (let index = 0; index < 3; index++) {
    const world = (await call('uap_transform_set', { path: `/Row/Cube${index}` })).transform.world.position;
    check(Math.abs(world.x - (10 + index * 2)) < 1e-5 && Math.abs(world.y - 0.5) < 1e-5 && Math.abs(world.z - 5) < 1e-5,
          `Cube${index} moved with its parent to (${world.x}, ${world.y}, ${world.z})`);
    const renderer = await call('uap_object_inspect', { path: `/Row/Cube${index}`, componentType: 'MeshRenderer' });
    check(renderer.properties.find((property) => property.path === 'm_Materials.Array.data[0]').value.assetPath === material,
          `Cube${index} renders with ${material}`);
  }
  const red = (await call('uap_object_inspect', { assetPath: material, maxResults: 100 })).properties.find((property) => property.path === colour);
  check(red.value.r === 1 && red.value.g === 0 && red.value.b === 0, `${colour} reads back red`);
  const scenes = await call('uap_asset_find', { query: 't:Scene Demo' });
  check(scenes.assets.some((asset) => asset.path === 'Assets/Scenes/Demo.unity'), 'the scene was saved as Assets/Scenes/Demo.unity');

  // The screenshot tool is found by search and run through uap_tool_call, as an agent would.
  const shot = await client.callTool({ name: 'uap_tool_call', arguments: { tool: 'uap_editor_screenshot',
    arguments: { view: 'scene', width: 3200, height: 1800, return_image: true } } });
  const images = shot.content.filter((block) => block.type === 'image');
  check(!shot.isError && images.length === 1, `the screenshot arrives as one image block (${shot.content.map((block) => block.type)})`);
  const capture = shot.structuredContent?.capture;
  const bytes = Buffer.from(images[0].data, 'base64');
  const magic = images[0].mimeType === 'image/png' ? bytes.subarray(1, 4).toString() === 'PNG' : bytes[0] === 0xff && bytes[1] === 0xd8;
  check(magic && bytes.length === capture?.bytes, `its data is the ${images[0].mimeType} the result describes (${bytes.length} bytes)`);
  check(Math.max(capture.width, capture.height) <= 1568 && capture.sourceWidth === 3200 && capture.width / capture.height === 3200 / 1800,
        `a 3200x1800 capture is scaled to ${capture.width}x${capture.height}, its shape kept`);
  const total = Buffer.byteLength(JSON.stringify(shot));
  check(total <= 100000, `the whole result is within the host's 100,000-byte result limit (${total} bytes)`);
  await transport.terminateSession();
} finally {
  const { code, signal } = await host.stop();
  check(code === 0 || signal === 'SIGTERM', `uap-host stopped (code ${code}, signal ${signal})`);
}
