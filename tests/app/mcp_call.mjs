// Calls one MCP tool with the official TypeScript SDK client and prints the CallToolResult as JSON.
// The endpoint and its token come from the environment (UAP_MCP_URL, UAP_MCP_TOKEN), never argv:
//   node mcp_call.mjs TOOL 'ARGUMENTS_JSON'
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(process.env.UAP_NODE_MODULES, 'placeholder.js'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const [tool, argumentsJson = '{}'] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(process.env.UAP_MCP_URL), {
  requestInit: { headers: { Authorization: `Bearer ${process.env.UAP_MCP_TOKEN}` } },
});
const client = new Client({ name: 'uap-end-to-end', version: '1.0.0' });
await client.connect(transport);
const listed = await client.listTools();
const result = await client.callTool({ name: tool, arguments: JSON.parse(argumentsJson) });
process.stdout.write(JSON.stringify({ listed: listed.tools.map((entry) => entry.name), result }) + '\n');
await client.close();
