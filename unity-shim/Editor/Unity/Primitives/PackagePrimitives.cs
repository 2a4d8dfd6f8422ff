// packages.add: Unity's Package Manager adds a package (Client.Add with a name, name@version or git
// URL); the AddRequest is polled on the main thread (EditorApplication.update) and the answer is
// sent when it completes, with the resolved package or the Package Manager's error.
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.PackageManager;
using UnityEditor.PackageManager.Requests;

namespace AgentPanel.Editor.Primitives
{
    static class PackagePrimitives
    {
        const int MaxIdentifierLength = 2048;

        public static void Register(UnityEditorPrimitives table)
        {
            // Registered for hello.primitives; UnityEditorPrimitives routes the call to Begin.
            table.Add("packages.add", parameters => { throw PrimitiveError.Unsupported("packages.add runs deferred"); });
        }

        public static void Begin(JObject parameters, Action<JObject, PrimitiveError> done)
        {
            string identifier = Params.RequiredString(parameters, "identifier");
            if (identifier.Length == 0 || identifier.Length > MaxIdentifierLength || identifier.Trim() != identifier)
                throw PrimitiveError.InvalidParams("params.identifier must be a package name, name@version or git URL of 1 to 2048 characters without spaces");
            AddRequest request = Client.Add(identifier);
            EditorApplication.CallbackFunction poll = null;
            poll = () =>
            {
                if (!request.IsCompleted)
                    return;
                EditorApplication.update -= poll;
                done(Answer(request), null);
            };
            EditorApplication.update += poll;
        }

        static JObject Answer(AddRequest request)
        {
            if (request.Status == StatusCode.Success && request.Result != null)
            {
                PackageInfo package = request.Result;
                return new JObject
                {
                    { "status", "succeeded" },
                    { "package", new JObject
                        {
                            { "name", package.name }, { "version", package.version },
                            { "packageId", package.packageId }, { "resolvedPath", package.resolvedPath },
                        }
                    },
                };
            }
            Error error = request.Error;
            return new JObject
            {
                { "status", "failed" },
                { "error", new JObject
                    {
                        { "code", error != null ? error.errorCode.ToString() : "Unknown" },
                        { "message", error != null ? error.message : "the Package Manager reported no error" },
                    }
                },
            };
        }
    }
}
