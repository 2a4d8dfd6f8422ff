// The panel protocol's WebSocket (/panel) for a front-end: messages arrive on a socket thread and
// wait in a queue until the UI's main thread drains them into the Transcript; commands are sent
// one at a time. The panel token travels as a header, never in the URL.
using System;
using System.Collections.Concurrent;
using System.IO;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class PanelClient : IDisposable
    {
        const int MaxMessageBytes = 32 * 1024 * 1024;
        readonly Uri m_uri;
        readonly string m_token;
        readonly ConcurrentQueue<JObject> m_incoming = new ConcurrentQueue<JObject>();
        readonly SemaphoreSlim m_sendLock = new SemaphoreSlim(1, 1);
        readonly CancellationTokenSource m_stop = new CancellationTokenSource();
        ClientWebSocket m_socket;
        Task m_loop;
        volatile string m_lastError;
        volatile bool m_connected;

        public PanelClient(Uri uri, string token)
        {
            m_uri = uri;
            m_token = token;
        }

        public bool Connected { get { return m_connected; } }
        public string LastError { get { return m_lastError; } }

        public void Start() { m_loop = Task.Run(() => Loop(m_stop.Token)); }

        // Main thread: applies at most maxMessages queued messages (bounded work per frame).
        public int Drain(Transcript transcript, int maxMessages)
        {
            int applied = 0;
            JObject message;
            while (applied < maxMessages && m_incoming.TryDequeue(out message))
            {
                transcript.Apply(message);
                ++applied;
            }
            return applied;
        }

        public async Task<bool> Send(string command)
        {
            ClientWebSocket socket = m_socket;
            if (socket == null || socket.State != WebSocketState.Open)
                return false;
            byte[] bytes = Encoding.UTF8.GetBytes(command);
            await m_sendLock.WaitAsync().ConfigureAwait(false);
            try
            {
                await socket.SendAsync(new ArraySegment<byte>(bytes), WebSocketMessageType.Text, true, CancellationToken.None).ConfigureAwait(false);
                return true;
            }
            catch (Exception error)
            {
                m_lastError = error.Message;
                return false;
            }
            finally
            {
                m_sendLock.Release();
            }
        }

        async Task Loop(CancellationToken stop)
        {
            while (!stop.IsCancellationRequested)
            {
                using (var socket = new ClientWebSocket())
                {
                    socket.Options.SetRequestHeader("Authorization", "Bearer " + m_token);
                    try
                    {
                        await socket.ConnectAsync(m_uri, stop).ConfigureAwait(false);
                        m_socket = socket;
                        m_connected = true;
                        await Receive(socket, stop).ConfigureAwait(false);
                    }
                    catch (Exception error)
                    {
                        m_lastError = error.Message;
                    }
                    m_connected = false;
                    m_socket = null;
                }
                try { await Task.Delay(500, stop).ConfigureAwait(false); }
                catch (OperationCanceledException) { }
            }
        }

        async Task Receive(ClientWebSocket socket, CancellationToken stop)
        {
            var buffer = new byte[64 * 1024];
            var message = new MemoryStream();
            while (socket.State == WebSocketState.Open)
            {
                WebSocketReceiveResult received = await socket.ReceiveAsync(new ArraySegment<byte>(buffer), stop).ConfigureAwait(false);
                if (received.MessageType == WebSocketMessageType.Close)
                    return;
                message.Write(buffer, 0, received.Count);
                if (message.Length > MaxMessageBytes)
                    throw new InvalidDataException("a panel message exceeded " + MaxMessageBytes + " bytes");
                if (!received.EndOfMessage)
                    continue;
                string text = Encoding.UTF8.GetString(message.GetBuffer(), 0, (int)message.Length);
                message.SetLength(0);
                try
                {
                    m_incoming.Enqueue(JObject.Parse(text));
                }
                catch (Newtonsoft.Json.JsonException)
                {
                    m_lastError = "the host sent a panel message that is not a JSON object; ignored";
                }
            }
        }

        public void Dispose()
        {
            m_stop.Cancel();
            ClientWebSocket socket = m_socket;
            if (socket != null)
                socket.Abort();
            if (m_loop != null)
            {
                try { m_loop.Wait(2000); }
                catch (Exception) { }
            }
        }
    }
}
