/* The module ABI: the only thing that crosses the boundary between uap-host and a tool module.
 * Plain C (C99 and C++), fixed-width integers, explicit-length UTF-8, append-only tables. */
#ifndef UAP_ABI_UAP_MODULE_H
#define UAP_ABI_UAP_MODULE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI generation. It changes only for breaking changes (a field removed, reordered or given
 * new meaning). Additions keep the version and grow the tables; readers check struct_size. */
#define UAP_ABI_VERSION 1u

/* The revision of this header within the generation: each appended field says which revision added
 * it. A module records the revision it was built against in its description ("abiRevision", written
 * by the C++ SDK), so `uap-host modules list` can show it; a pack that needs a newer host than
 * revision 1 says so in its manifest (minHostRevision). */
#define UAP_ABI_REVISION 5u

/* The one symbol every module exports. */
#define UAP_MODULE_ENTRY_SYMBOL "uap_module_entry"

#if defined(_WIN32)
#define UAP_MODULE_EXPORT __declspec(dllexport)
#else
#define UAP_MODULE_EXPORT __attribute__((visibility("default")))
#endif

/* Status codes returned by every fallible call, in both directions. Values are fixed forever. */
typedef int32_t uap_status;
#define UAP_STATUS_OK 0
#define UAP_STATUS_TOOL_ERROR 1          /* The tool ran and failed; the sink holds a message for the model. */
#define UAP_STATUS_INVALID_ARGUMENT 2    /* The arguments were unusable; the sink holds why. */
#define UAP_STATUS_UNSUPPORTED_VERSION 3 /* Version negotiation failed. */
#define UAP_STATUS_UNKNOWN_TOOL 4        /* No tool of that name in this module. */
#define UAP_STATUS_CANCELLED 5           /* The call noticed cancellation and stopped. */
#define UAP_STATUS_TIMEOUT 6             /* A bounded wait ran out. */
#define UAP_STATUS_UNAVAILABLE 7         /* A service (for example the editor) is not there now. */
#define UAP_STATUS_INTERNAL_ERROR 8      /* A bug: an exception or broken invariant, caught at the boundary. */
#define UAP_STATUS_TOO_LARGE 9           /* Output exceeded the receiver's cap; the receiver stopped copying. */
/* Added in generation 1, revision 4. The tool cannot go on until the user picks one of several
 * choices (three objects are called Player: which one?). The sink holds one JSON object:
 * {"question","argument","choices":[{"value","label"}],"refusal"}; the host asks the user through its
 * client and calls again with the picked value in "argument", or answers with "refusal" (which lists
 * the choices and names the argument) when it cannot ask. A module returns it only when the call's
 * host_revision is 4 or later; an older host would take it for an internal error. */
#define UAP_STATUS_NEEDS_CHOICE 10

/* Log levels for uap_host_api.log. */
typedef int32_t uap_log_level;
#define UAP_LOG_DEBUG 0
#define UAP_LOG_INFO 1
#define UAP_LOG_WARNING 2
#define UAP_LOG_ERROR 3

/* A borrowed UTF-8 string: not NUL-terminated, valid only for the duration of the call it is passed to. */
typedef struct uap_string_view {
    const char* data;
    uint64_t size;
} uap_string_view;

/* Where a callee writes its output. The receiver owns the storage and copies each piece at once,
 * so no memory ever changes owner across the boundary. write() may be called several times; the
 * pieces are concatenated. It returns UAP_STATUS_TOO_LARGE once the receiver's cap is passed, and
 * the writer should stop. */
typedef struct uap_sink {
    void* receiver;
    uap_status (*write)(void* receiver, const char* data, uint64_t size);
} uap_sink;

/* Opaque handles. The host owns all three; a module never dereferences or frees them. */
typedef struct uap_host_context uap_host_context; /* One per loaded module, valid until shutdown returns. */
typedef struct uap_call_context uap_call_context; /* One per tool call, valid until call_tool returns. */
typedef struct uap_module_instance uap_module_instance; /* The module's own state; the host only passes it back. */

/* Added in generation 1, revision 3. Receives one editor event: its name ("sceneChanged",
 * "userPin", ...) and its data, a JSON object. Both views are valid only during the call. Called on a
 * host thread that belongs to the subscription: never on the editor bridge's thread, never
 * concurrently with itself, in the order the editor sent the events. */
typedef void (*uap_event_handler)(void* user_data, uap_string_view event_name, uap_string_view data_json);

/* Added in generation 1, revision 5. One primitive of uap_host_api.editor_call_all: the module fills
 * method, params_json and out; the host writes status. Its layout is fixed forever (arrays of it are
 * indexed without a struct_size); a later revision that needs more appends a new function instead. */
typedef struct uap_editor_request {
    uap_string_view method;
    uap_string_view params_json;
    uap_sink* out;     /* Receives what editor_call's out would: the result, or the JSON error object. */
    uap_status status; /* Written by the host: what editor_call would have returned for this request. */
} uap_editor_request;

/* What the host offers a module. Owned by the host and valid until the module's shutdown returns.
 * Fields are only ever appended: a module must check struct_size before using a field that was
 * added after the generation it was built against (uap_host_api_has, below). */
typedef struct uap_host_api {
    uint32_t struct_size;
    uint32_t abi_version;

    /* Writes one line to the host's log, tagged with the module's id. Any thread. */
    void (*log)(uap_host_context* host, uap_log_level level, uap_string_view message);

    /* Non-zero once the host wants the call to stop (client cancelled, shutdown). Cheap; poll it. */
    int32_t (*is_cancelled)(uap_call_context* call);

    /* Reports progress of a long-running call. total <= 0 means unknown. message may be empty. */
    void (*report_progress)(uap_call_context* call, double progress, double total, uap_string_view message);

    /* Writes the module's own settings object (JSON) into out; "{}" when it has none. */
    uap_status (*read_settings)(uap_host_context* host, uap_sink* out);

    /* Calls an editor primitive: method name, JSON params, a timeout in milliseconds. On
     * UAP_STATUS_OK out receives the JSON result; otherwise it receives a JSON error object
     * {"code","message",...}. call may be NULL outside a tool call (then it is not cancellable). */
    uap_status (*editor_call)(uap_host_context* host, uap_call_context* call, uap_string_view method,
                              uap_string_view params_json, uint32_t timeout_ms, uap_sink* out);

    /* Added in generation 1, revision 2. Writes a JSON object describing the host:
     * {"version","uptimeMs","editor":{"state",...}}. */
    uap_status (*host_info)(uap_host_context* host, uap_sink* out);

    /* Added in generation 1, revision 3. Subscribes handler to editor events. names_json is a JSON
     * array of event names; an empty array means every event. On UAP_STATUS_OK *out_subscription holds
     * a non-zero id for unsubscribe_events. Events queue per subscription (bounded; when the handler
     * falls behind, the oldest are dropped and the next call is an "eventsDropped" event with a
     * "count"), so a slow handler never delays the bridge, tool calls or other subscribers. Any thread,
     * including from init (a module whose init fails loses its subscriptions). */
    uap_status (*subscribe_events)(uap_host_context* host, uap_string_view names_json, uap_event_handler handler,
                                   void* user_data, uint64_t* out_subscription);

    /* Added in generation 1, revision 3. Ends a subscription. Called from any other thread, it returns
     * after a running handler call has finished: the handler is never called again and user_data may
     * be freed. Called from inside the handler, the current call is the last. The host ends every
     * subscription a module still holds before it calls the module's shutdown. */
    uap_status (*unsubscribe_events)(uap_host_context* host, uint64_t subscription);

    /* Added in generation 1, revision 3. Milliseconds on the host's monotonic clock, the clock to
     * measure time-to-live and timeouts against (tests drive it; it never goes back). Any thread. */
    uint64_t (*monotonic_ms)(uap_host_context* host);

    /* Added in generation 1, revision 5. Calls count primitives as editor_call would, one after
     * another in the order given, but sends them all before waiting for the first answer: the editor
     * runs them back to back (in Unity, in the same tick while its frame budget lasts) instead of
     * one round trip each. For independent reads, such as checking that every target of a batch
     * exists. Each request has editor_call's timeout, counted from the answer before it. Returns OK
     * once every request has its status and out (each may still have failed), INVALID_ARGUMENT when
     * requests is NULL with a non-zero count. A host without it (uap_host_api_has) is served by
     * editor_call, one request at a time, with the same answers. */
    uap_status (*editor_call_all)(uap_host_context* host, uap_call_context* call, uap_editor_request* requests, uint64_t count,
                                  uint32_t timeout_ms);
} uap_host_api;

/* True when the host table is large enough to hold the named field. */
#define uap_host_api_has(api, field) \
    ((api)->struct_size >= offsetof(uap_host_api, field) + sizeof((api)->field) && (api)->field != NULL)

/* One tool call, described by the host. Valid until call_tool returns. */
typedef struct uap_tool_call {
    uint32_t struct_size;
    uap_string_view tool_name;
    uap_string_view arguments_json; /* A JSON object, already validated against the tool's input schema. */
    uap_call_context* context;
    /* Added in generation 1, revision 4. The UAP_ABI_REVISION of the host making the call, so a module
     * knows which statuses it may answer with; a host built before revision 4 leaves the field out
     * (struct_size does not cover it). */
    uint32_t host_revision;
} uap_tool_call;

/* True when the call comes from a host that understands UAP_STATUS_NEEDS_CHOICE. */
#define uap_tool_call_answers_choices(call)                                                                         \
    ((call)->struct_size >= offsetof(uap_tool_call, host_revision) + sizeof((call)->host_revision) &&               \
     (call)->host_revision >= 4u)

/* What a module offers the host. Owned by the module, static for the life of the loaded library.
 * Fields are only ever appended; the host reads only what struct_size covers. */
typedef struct uap_module_api {
    uint32_t struct_size;
    uint32_t abi_version;

    /* Creates the module's state. On failure returns non-OK and writes a message into error. */
    uap_status (*init)(const uap_host_api* host, uap_host_context* context, uap_module_instance** out_instance,
                       uap_sink* error);

    /* Writes the module's self-description as one JSON object:
     * {"id","version","tools":[{"name","description","inputSchema","outputSchema"?,
     *   "metadata":{"readOnly","undoable","destructive","idempotent","longRunning"}}]}
     * Every metadata field is an explicit boolean. */
    uap_status (*describe)(uap_module_instance* instance, uap_sink* out);

    /* Runs one tool. May be called from several threads at once, for the same or different tools.
     * OK: out holds the result, a JSON object. TOOL_ERROR / INVALID_ARGUMENT: out holds a UTF-8
     * message the model can act on. */
    uap_status (*call_tool)(uap_module_instance* instance, const uap_tool_call* call, uap_sink* out);

    /* Releases the state. Called once, after every call has returned; the module must have
     * stopped its own threads before it returns. */
    void (*shutdown)(uap_module_instance* instance);
} uap_module_api;

/* The entry point. The host offers the highest generation it speaks; the module answers the
 * generation it will speak (never higher than offered) and its table, or refuses with
 * UAP_STATUS_UNSUPPORTED_VERSION. It must not do any other work: the host calls it even for
 * packs it is only inspecting. */
typedef uap_status (*uap_module_entry_fn)(uint32_t offered_abi_version, uint32_t* out_abi_version,
                                          const uap_module_api** out_module);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UAP_ABI_UAP_MODULE_H */
