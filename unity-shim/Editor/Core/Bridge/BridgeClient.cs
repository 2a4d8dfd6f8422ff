// The editor side of the bridge on ClientWebSocket: hello/welcome with the editor session id and
// the undelivered responses, requests deduplicated against the ledger and queued for the main
// thread, ping and request.status answered here on the socket thread, a close before a domain
// reload and a reconnect loop after it; after a host is replaced it follows the new one (Retarget).
// The whole protocol is protocol/bridge-v1.json.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class BridgeEndpoint
    {
        public Uri Uri;
        public string Token;
    }

    public enum ReloadAnnouncement { None, AfterWelcome }

    public sealed class BridgeCounters
    {
        public long Executed, Deduplicated, Replayed, Connections, ProtocolErrors, DroppedByReload, DroppedByHostChange, ReofferedToNewHost;
    }

    public sealed class BridgeClient : IDisposable
    {
        // Frames from the host beyond this are a broken stream (the host's own hard cap).
        const int HardMaxFrameBytes = 16 * 1024 * 1024;
        static readonly TimeSpan ReconnectDelay = TimeSpan.FromMilliseconds(100);

        readonly Stopwatch m_clock = Stopwatch.StartNew();
        readonly IEditorPrimitives m_primitives;
        readonly RequestDispatcher m_dispatcher;
        readonly CompletedLedger m_ledger;
        readonly RequestPump m_pump;
        readonly EditorStatus m_status;
        readonly Action<string> m_log;
        readonly SemaphoreSlim m_sendLock = new SemaphoreSlim(1, 1);
        readonly object m_gate = new object();
        readonly BridgeCounters m_counters = new BridgeCounters();
        readonly ManualResetEventSlim m_connectedSignal = new ManualResetEventSlim(false);

        CancellationTokenSource m_stop = new CancellationTokenSource();
        BridgeEndpoint m_endpoint;
        // Answers sent since the host last sent anything: if it is lost now, they may never have been read.
        readonly List<string> m_sentSinceLastFrame = new List<string>();
        long m_lastFrameMs;
        Task m_loop;
        ClientWebSocket m_socket;
        bool m_connected;
        string m_refusal;
        string m_lastError;
        ReloadAnnouncement m_announce;

        public BridgeClient(BridgeEndpoint endpoint, IEditorPrimitives primitives, CompletedLedger ledger, RequestPump pump,
                            EditorStatus status, ReloadAnnouncement announce, Action<string> log)
        {
            m_endpoint = endpoint;
            m_primitives = primitives;
            m_dispatcher = new RequestDispatcher(primitives);
            m_ledger = ledger;
            m_pump = pump;
            m_status = status;
            m_announce = announce;
            m_log = log ?? (line => { });
        }

        public bool Connected { get { lock (m_gate) return m_connected; } }
        public string Refusal { get { lock (m_gate) return m_refusal; } }
        public string LastError { get { lock (m_gate) return m_lastError; } }
        public CompletedLedger Ledger { get { return m_ledger; } }

        public BridgeCounters Counters
        {
            get
            {
                lock (m_gate)
                    return new BridgeCounters
                    {
                        Executed = m_counters.Executed, Deduplicated = m_counters.Deduplicated, Replayed = m_counters.Replayed,
                        Connections = m_counters.Connections, ProtocolErrors = m_counters.ProtocolErrors, DroppedByReload = m_counters.DroppedByReload,
                        DroppedByHostChange = m_counters.DroppedByHostChange, ReofferedToNewHost = m_counters.ReofferedToNewHost,
                    };
            }
        }

        public void Start()
        {
            CancellationToken stop = m_stop.Token;
            lock (m_gate) m_lastFrameMs = m_clock.ElapsedMilliseconds;
            m_loop = Task.Run(() => ConnectionLoop(stop));
        }

        // How long ago the host last sent a frame (it pings every 2 s), or the connection attempt began;
        // a monotonic clock, so a sleeping machine does not make a host look silent.
        public TimeSpan SinceLastFrame { get { lock (m_gate) return TimeSpan.FromMilliseconds(m_clock.ElapsedMilliseconds - m_lastFrameMs); } }

        public Uri EndpointUri { get { lock (m_gate) return m_endpoint.Uri; } }

        // Follows a new host (new port, new token) after the old one was lost. Requests the lost host had
        // queued here never ran and are dropped: their callers are gone with it, the new host never re-sends
        // them, and running them now would be an effect nobody awaits (a retry would run it twice). What is
        // running keeps running; its answer goes to the new host, which keeps it as a job under the old id.
        // Answers the lost host may not have read travel again in the next hello.
        public void Retarget(BridgeEndpoint endpoint)
        {
            int dropped = m_pump.DropQueued();
            string[] reoffered;
            lock (m_gate)
            {
                m_endpoint = endpoint;
                reoffered = m_sentSinceLastFrame.ToArray();
                m_sentSinceLastFrame.Clear();
                m_counters.DroppedByHostChange += dropped;
                m_counters.ReofferedToNewHost += reoffered.Length;
                m_lastFrameMs = m_clock.ElapsedMilliseconds;
                // A refusal (say, from a host that served another editor) paused the loop; the new host gets a new chance.
                m_refusal = null;
            }
            m_connectedSignal.Reset();
            foreach (string id in reoffered)
                m_ledger.MarkUndelivered(id);
            m_log("bridge: following the new host at " + endpoint.Uri + " (" + dropped + " queued requests of the lost host dropped, " +
                  reoffered.Length + " answers offered again)");
            DropConnection();
        }

        public bool WaitConnected(TimeSpan timeout) { return m_connectedSignal.Wait(timeout) && Connected; }

        // Main thread: runs queued requests within the budget (EditorApplication.update calls this).
        public int Tick(TimeSpan budget) { return m_pump.Pump(budget, Run); }

        void Run(QueuedRequest request)
        {
            var deferred = m_primitives as IDeferredPrimitives;
            if (deferred != null && deferred.IsDeferred(request.Method))
            {
                string deferredId = request.Id;
                m_pump.BeginDeferred(deferredId);
                m_dispatcher.DispatchDeferred(deferred, deferredId, request.Method, request.Parameters, envelope =>
                {
                    Complete(deferredId, envelope);
                    m_pump.EndDeferred(deferredId);
                });
                return;
            }
            Complete(request.Id, m_dispatcher.Dispatch(request.Id, request.Method, request.Parameters));
        }

        void Complete(string id, string envelope)
        {
            m_ledger.Record(id, envelope);
            lock (m_gate) ++m_counters.Executed;
            // Never block the main thread on the socket: an undelivered answer travels in the next hello.
            SendAsync(envelope).ContinueWith(sent => { if (sent.Result) MarkSent(id); }, TaskContinuationOptions.ExecuteSynchronously);
        }

        // Sent is not yet read: until the host sends something after it, the answer may be offered again.
        void MarkSent(string id)
        {
            m_ledger.MarkDelivered(id);
            lock (m_gate) m_sentSinceLastFrame.Add(id);
        }

        public Task<bool> SendEvent(string name, JObject data)
        {
            return SendAsync(new JObject { { "event", name }, { "data", data ?? new JObject() } }.ToString(Formatting.None));
        }

        // Before a domain reload (AssemblyReloadEvents.beforeAssemblyReload): announce it, forget the
        // queue (nothing in it ran), and close the socket. The caller then saves the ledger.
        public void CloseForReload(TimeSpan bound)
        {
            Task<bool> announced = SendEvent("reloading", new JObject());
            if (!announced.Wait(bound) || !announced.Result)
                m_log("bridge: the reloading event could not be sent; the host will treat the reload as a disconnection");
            int dropped = m_pump.DropQueued();
            lock (m_gate) m_counters.DroppedByReload += dropped;
            Shutdown(bound, "domain reload");
        }

        public void Stop() { Shutdown(TimeSpan.FromSeconds(2), "editor closing"); }

        // Drops the socket at once, as a network failure would; the loop reconnects and the next hello
        // carries every response that could not be sent meanwhile.
        public void DropConnection()
        {
            ClientWebSocket socket;
            lock (m_gate) socket = m_socket;
            if (socket != null)
                socket.Abort();
        }

        public void Dispose() { Stop(); }

        void Shutdown(TimeSpan bound, string reason)
        {
            ClientWebSocket socket;
            lock (m_gate) socket = m_socket;
            if (socket != null && socket.State == WebSocketState.Open)
            {
                try { socket.CloseOutputAsync(WebSocketCloseStatus.NormalClosure, reason, CancellationToken.None).Wait(bound); }
                catch (Exception) { }
            }
            m_stop.Cancel();
            if (m_loop != null)
            {
                try { m_loop.Wait(bound); }
                catch (Exception) { }
            }
        }

        async Task ConnectionLoop(CancellationToken stop)
        {
            bool reportedFailure = false;
            while (!stop.IsCancellationRequested)
            {
                BridgeEndpoint endpoint;
                lock (m_gate) endpoint = m_endpoint;
                using (var socket = new ClientWebSocket())
                {
                    // The bridge refuses any Origin; ClientWebSocket sends none unless told to.
                    socket.Options.SetRequestHeader("Authorization", "Bearer " + endpoint.Token);
                    try
                    {
                        await socket.ConnectAsync(endpoint.Uri, stop).ConfigureAwait(false);
                    }
                    catch (Exception error)
                    {
                        if (!reportedFailure)
                            m_log("bridge: cannot connect to " + endpoint.Uri + ": " + error.Message);
                        reportedFailure = true;
                        lock (m_gate) m_lastError = error.Message;
                        await Delay(stop).ConfigureAwait(false);
                        continue;
                    }
                    reportedFailure = false;
                    lock (m_gate)
                    {
                        // Retargeted while connecting: this socket leads to the lost host.
                        if (!ReferenceEquals(endpoint, m_endpoint))
                            continue;
                        m_socket = socket;
                    }
                    JArray completed = m_ledger.Undelivered();
                    if (await SendAsync(Hello(completed).ToString(Formatting.None)).ConfigureAwait(false))
                        foreach (JObject response in completed)
                            MarkSent((string)response["id"]);
                    try
                    {
                        await ReceiveLoop(socket, stop).ConfigureAwait(false);
                    }
                    catch (Exception error)
                    {
                        if (!stop.IsCancellationRequested)
                            lock (m_gate) m_lastError = error.Message;
                    }
                    lock (m_gate)
                    {
                        m_socket = null;
                        m_connected = false;
                    }
                    // A refusal keeps the signal set: WaitConnected must return at once with false.
                    if (Refusal == null)
                        m_connectedSignal.Reset();
                }
                // A refused editor does not knock again at the same host; only Retarget to another one resumes.
                while (Refusal != null && !stop.IsCancellationRequested)
                    await Delay(stop).ConfigureAwait(false);
                await Delay(stop).ConfigureAwait(false);
            }
        }

        static async Task Delay(CancellationToken stop)
        {
            try { await Task.Delay(ReconnectDelay, stop).ConfigureAwait(false); }
            catch (OperationCanceledException) { }
        }

        JObject Hello(JArray completed)
        {
            EditorIdentity identity = m_primitives.Identity;
            var data = new JObject
            {
                { "protocolVersion", BridgeMethods.ProtocolVersion },
                { "unityVersion", identity.UnityVersion },
                { "projectPath", identity.ProjectPath },
                { "editorPid", identity.EditorPid },
                { "editorSessionId", identity.EditorSessionId },
                { "primitives", new JArray(m_primitives.Methods) },
                { "completed", completed },
            };
            var tools = m_primitives as IProjectToolSource;
            JArray advertised = tools == null ? null : tools.ProjectTools;
            if (advertised != null && advertised.Count > 0)
                data["projectTools"] = advertised;
            return new JObject { { "event", "hello" }, { "data", data } };
        }

        async Task ReceiveLoop(ClientWebSocket socket, CancellationToken stop)
        {
            var buffer = new byte[64 * 1024];
            var message = new MemoryStream();
            while (socket.State == WebSocketState.Open && !stop.IsCancellationRequested)
            {
                WebSocketReceiveResult received = await socket.ReceiveAsync(new ArraySegment<byte>(buffer), stop).ConfigureAwait(false);
                if (received.MessageType == WebSocketMessageType.Close)
                    return;
                message.Write(buffer, 0, received.Count);
                if (message.Length > HardMaxFrameBytes)
                {
                    await socket.CloseOutputAsync(WebSocketCloseStatus.MessageTooBig, "frame beyond 16 MiB", CancellationToken.None).ConfigureAwait(false);
                    return;
                }
                if (!received.EndOfMessage)
                    continue;
                lock (m_gate)
                {
                    m_lastFrameMs = m_clock.ElapsedMilliseconds;
                    m_sentSinceLastFrame.Clear();
                }
                string text = Encoding.UTF8.GetString(message.GetBuffer(), 0, (int)message.Length);
                message.SetLength(0);
                if (received.MessageType == WebSocketMessageType.Text)
                    await HandleFrame(text).ConfigureAwait(false);
                if (Refusal != null)
                    return;
            }
        }

        async Task HandleFrame(string text)
        {
            JObject frame;
            try
            {
                frame = JObject.Parse(text);
            }
            catch (JsonException)
            {
                m_log("bridge: the host sent a frame that is not a JSON object; ignored");
                return;
            }
            JToken eventName = frame["event"];
            if (eventName != null && eventName.Type == JTokenType.String)
            {
                await HandleEvent((string)eventName, frame["data"] as JObject ?? new JObject()).ConfigureAwait(false);
                return;
            }
            JToken idToken = frame["id"], methodToken = frame["method"];
            string id = idToken != null && idToken.Type == JTokenType.String ? (string)idToken : "";
            if (id.Length == 0 || methodToken == null || methodToken.Type != JTokenType.String)
            {
                await SendAsync(RequestDispatcher.ErrorEnvelope(id, ErrorCodes.InvalidRequest, "a request needs a string id and a string method", null).ToString(Formatting.None)).ConfigureAwait(false);
                return;
            }
            string method = (string)methodToken;
            JToken paramsToken = frame["params"];
            JObject parameters = paramsToken as JObject ?? new JObject();
            if (method == BridgeMethods.Ping)
            {
                var result = new JObject { { "mainThread", m_pump.MainThreadReport(m_status) } };
                await SendAsync(new JObject { { "id", id }, { "result", result } }.ToString(Formatting.None)).ConfigureAwait(false);
                return;
            }
            if (method == BridgeMethods.RequestStatus)
            {
                await SendAsync(RequestStatus(id, parameters)).ConfigureAwait(false);
                return;
            }
            string replay;
            if (m_ledger.TryGet(id, out replay))
            {
                lock (m_gate) { ++m_counters.Deduplicated; ++m_counters.Replayed; }
                if (await SendAsync(replay).ConfigureAwait(false))
                    MarkSent(id);
                return;
            }
            if (!m_pump.Enqueue(new QueuedRequest { Id = id, Method = method, Parameters = parameters }))
                lock (m_gate) ++m_counters.Deduplicated;
        }

        string RequestStatus(string id, JObject parameters)
        {
            JToken target = parameters["requestId"];
            if (target == null || target.Type != JTokenType.String)
                return RequestDispatcher.ErrorEnvelope(id, ErrorCodes.InvalidParams, "request.status needs a string requestId", null).ToString(Formatting.None);
            string requestId = (string)target;
            JToken withdrawToken = parameters["withdrawIfQueued"];
            bool withdraw = withdrawToken != null && withdrawToken.Type == JTokenType.Boolean && (bool)withdrawToken;
            var result = new JObject();
            string response;
            if (m_ledger.TryGet(requestId, out response))
            {
                result["state"] = "completed";
                result["response"] = JObject.Parse(response);
            }
            else
            {
                RequestState state = m_pump.StateOf(requestId);
                if (state == RequestState.Queued && withdraw && m_pump.Withdraw(requestId))
                    result["state"] = "withdrawn";
                else if (state == RequestState.Unknown)
                    result["state"] = "unknown";
                else
                {
                    result["state"] = state == RequestState.Running ? "running" : "queued";
                    result["mainThread"] = m_pump.MainThreadReport(m_status);
                }
            }
            return new JObject { { "id", id }, { "result", result } }.ToString(Formatting.None);
        }

        async Task HandleEvent(string name, JObject data)
        {
            if (name == "welcome")
            {
                bool announce;
                lock (m_gate)
                {
                    m_connected = true;
                    ++m_counters.Connections;
                    JToken cap = data["maxResultBytes"];
                    if (cap != null && cap.Type == JTokenType.Integer)
                        m_dispatcher.MaxResultBytes = (long)cap;
                    announce = m_announce == ReloadAnnouncement.AfterWelcome;
                    m_announce = ReloadAnnouncement.None;
                }
                m_connectedSignal.Set();
                if (announce)
                    await SendEvent("reloaded", new JObject()).ConfigureAwait(false);
                m_log("bridge: connected to the host (" + (string)data["hostVersion"] + ")");
            }
            else if (name == "refused")
            {
                string refusal = (string)data["code"] + ": " + (string)data["message"];
                lock (m_gate) m_refusal = refusal;
                m_connectedSignal.Set();
                m_log("bridge: the host refused this editor: " + refusal);
            }
            else if (name == "protocolError")
            {
                lock (m_gate) ++m_counters.ProtocolErrors;
                m_log("bridge: the host reported a protocol error: " + data.ToString(Formatting.None));
            }
        }

        async Task<bool> SendAsync(string text)
        {
            ClientWebSocket socket;
            lock (m_gate) socket = m_socket;
            if (socket == null)
                return false;
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            await m_sendLock.WaitAsync().ConfigureAwait(false);
            try
            {
                if (socket.State != WebSocketState.Open)
                    return false;
                await socket.SendAsync(new ArraySegment<byte>(bytes), WebSocketMessageType.Text, true, CancellationToken.None).ConfigureAwait(false);
                return true;
            }
            catch (Exception)
            {
                return false;
            }
            finally
            {
                m_sendLock.Release();
            }
        }
    }
}
