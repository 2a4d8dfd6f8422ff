// A primitive's refusal with one of the bridge protocol's error codes; the dispatcher turns it
// into the response's "error" member, so primitives never build error envelopes themselves.
using System;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class PrimitiveError : Exception
    {
        public string Code { get; private set; }
        public JToken Details { get; private set; }

        public PrimitiveError(string code, string message, JToken data = null) : base(message)
        {
            Code = code;
            Details = data;
        }

        public static PrimitiveError InvalidParams(string message) { return new PrimitiveError(ErrorCodes.InvalidParams, message); }
        public static PrimitiveError NotFound(string message) { return new PrimitiveError(ErrorCodes.NotFound, message); }
        public static PrimitiveError TypeMismatch(string message) { return new PrimitiveError(ErrorCodes.TypeMismatch, message); }
        public static PrimitiveError Conflict(string message) { return new PrimitiveError(ErrorCodes.Conflict, message); }
        public static PrimitiveError Unsupported(string message) { return new PrimitiveError(ErrorCodes.Unsupported, message); }
    }

    // The error codes of protocol/bridge-v1.json ("errors") that an editor may answer with.
    public static class ErrorCodes
    {
        public const string InvalidRequest = "invalid_request";
        public const string UnknownMethod = "unknown_method";
        public const string InvalidParams = "invalid_params";
        public const string NotFound = "not_found";
        public const string TypeMismatch = "type_mismatch";
        public const string Conflict = "conflict";
        public const string Unsupported = "unsupported";
        public const string ResultTooLarge = "result_too_large";
        public const string InternalError = "internal_error";
    }
}
