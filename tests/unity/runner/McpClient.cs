// A minimal MCP Streamable HTTP client (initialize, then tools/list and tools/call) for driving the real host's
// /mcp from the tests; the official SDK clients are exercised by the host's own tests.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public sealed class McpClient
    {
        readonly string m_url;
        readonly string m_token;
        string m_session;
        long m_next;

        public McpClient(string url, string token)
        {
            m_url = url;
            m_token = token;
            ServicePointManager.DefaultConnectionLimit = 64;
            JObject initialized = Post(new JObject
            {
                { "jsonrpc", "2.0" }, { "id", 0 }, { "method", "initialize" },
                { "params", new JObject { { "protocolVersion", "2025-06-18" }, { "capabilities", new JObject() },
                                          { "clientInfo", new JObject { { "name", "unity-shim-tests" }, { "version", "1" } } } } },
            });
            Check.True(initialized["result"] != null, "initialize succeeds: " + initialized);
            Post(new JObject { { "jsonrpc", "2.0" }, { "method", "notifications/initialized" } });
        }

        // The tool's structured result (or the parsed text content).
        public JObject CallTool(string name, JObject arguments)
        {
            JObject result = CallToolResult(name, arguments);
            JObject structured = result["structuredContent"] as JObject;
            return structured ?? JObject.Parse((string)result["content"][0]["text"]);
        }

        // The whole result of a successful tools/call: content, structuredContent.
        public JObject CallToolResult(string name, JObject arguments)
        {
            JObject result = Request("tools/call", new JObject { { "name", name }, { "arguments", arguments } });
            Check.True(!((bool?)result["isError"] ?? false), "tools/call " + name + " succeeds: " + result);
            return result;
        }

        // The tools of tools/list, one page: the host lists every tool on one.
        public IEnumerable<JObject> ListTools()
        {
            return ((JArray)Request("tools/list", new JObject())["tools"]).Cast<JObject>();
        }

        JObject Request(string method, JObject parameters)
        {
            long id = System.Threading.Interlocked.Increment(ref m_next);
            JObject answer = Post(new JObject { { "jsonrpc", "2.0" }, { "id", id }, { "method", method }, { "params", parameters } });
            JObject result = answer["result"] as JObject;
            Check.True(result != null, method + " answers a result: " + answer);
            return result;
        }

        JObject Post(JObject message)
        {
            var request = (HttpWebRequest)WebRequest.Create(m_url);
            request.Method = "POST";
            request.ContentType = "application/json";
            request.Accept = "application/json, text/event-stream";
            request.Headers["Authorization"] = "Bearer " + m_token;
            request.Timeout = 120000;
            request.ReadWriteTimeout = 120000;
            if (m_session != null)
                request.Headers["Mcp-Session-Id"] = m_session;
            byte[] body = Encoding.UTF8.GetBytes(message.ToString(Formatting.None));
            using (Stream stream = request.GetRequestStream())
                stream.Write(body, 0, body.Length);
            using (var response = (HttpWebResponse)request.GetResponse())
            using (var reader = new StreamReader(response.GetResponseStream(), Encoding.UTF8))
            {
                string session = response.Headers["Mcp-Session-Id"];
                if (session != null)
                    m_session = session;
                string text = reader.ReadToEnd();
                return text.Length == 0 ? new JObject() : JObject.Parse(text);
            }
        }
    }
}
