// Turns one request into one response envelope on the main thread: unknown and unimplemented
// methods, refusals, bugs and oversized results each become the protocol's error, never a throw.
using System;
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class RequestDispatcher
    {
        readonly IEditorPrimitives m_primitives;
        readonly HashSet<string> m_implemented;

        public RequestDispatcher(IEditorPrimitives primitives)
        {
            m_primitives = primitives;
            m_implemented = new HashSet<string>(primitives.Methods);
        }

        // The cap from welcome.maxResultBytes; the editor answers result_too_large rather than exceed it.
        public long MaxResultBytes = 1024 * 1024;

        public string Dispatch(string id, string method, JObject parameters)
        {
            try
            {
                CheckMethod(method);
                return Envelope(id, method, m_primitives.Execute(method, parameters ?? new JObject()), null);
            }
            catch (Exception error)
            {
                return Envelope(id, method, null, error);
            }
        }

        // A deferred primitive: complete receives the envelope once the primitive calls back.
        public void DispatchDeferred(IDeferredPrimitives deferred, string id, string method, JObject parameters, Action<string> complete)
        {
            try
            {
                CheckMethod(method);
                deferred.Begin(method, parameters ?? new JObject(), (result, refusal) => complete(Envelope(id, method, result, refusal)));
            }
            catch (Exception error)
            {
                complete(Envelope(id, method, null, error));
            }
        }

        void CheckMethod(string method)
        {
            if (!BridgeMethods.Primitives.Contains(method))
                throw new PrimitiveError(ErrorCodes.UnknownMethod, "no primitive named '" + method + "' in bridge protocol v" + BridgeMethods.ProtocolVersion);
            if (!m_implemented.Contains(method))
                throw new PrimitiveError(ErrorCodes.Unsupported, "this editor does not implement '" + method + "' yet; hello.primitives lists what it does");
        }

        string Envelope(string id, string method, JObject result, Exception error)
        {
            JObject envelope;
            PrimitiveError refusal = error as PrimitiveError;
            if (refusal != null)
                envelope = ErrorEnvelope(id, refusal.Code, refusal.Message, refusal.Details);
            else if (error != null)
                envelope = ErrorEnvelope(id, ErrorCodes.InternalError, method + " failed inside the editor: " + error.GetType().Name + ": " + error.Message, null);
            else
                envelope = new JObject { { "id", id }, { "result", result ?? new JObject() } };
            string text = envelope.ToString(Formatting.None);
            long bytes = System.Text.Encoding.UTF8.GetByteCount(text);
            if (bytes > MaxResultBytes)
                text = ErrorEnvelope(id, ErrorCodes.ResultTooLarge,
                    "the result of " + method + " was " + bytes + " bytes; the host accepts " + MaxResultBytes + "; page or narrow the request", null).ToString(Formatting.None);
            return text;
        }

        public static JObject ErrorEnvelope(string id, string code, string message, JToken data)
        {
            var error = new JObject { { "code", code }, { "message", message } };
            if (data != null)
                error["data"] = data;
            return new JObject { { "id", id }, { "error", error } };
        }
    }
}
