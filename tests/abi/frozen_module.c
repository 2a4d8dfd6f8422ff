/* A module written in plain C against the FROZEN first revision of the ABI (no SDK). It proves
 * that a host built from later revisions still loads and calls modules built before them.
 * frozen_v1r2_module.c builds this same code against the frozen second revision. */
#ifndef FROZEN_MODULE_ID
#include "frozen/uap_module_v1r1.h"
#define FROZEN_MODULE_ID "fixture.frozen"
#define FROZEN_TOOL_NAME "frozen_echo"
#define FROZEN_REVISION "1"
#endif

#include <string.h>

static const uap_host_api* g_host;

static uap_status write_text(uap_sink* sink, const char* text) { return sink->write(sink->receiver, text, strlen(text)); }

static uap_status frozen_init(const uap_host_api* host, uap_host_context* context, uap_module_instance** out,
                              uap_sink* error) {
    (void)context;
    (void)error;
    g_host = host;
    *out = (uap_module_instance*)&g_host;
    return UAP_STATUS_OK;
}

static uap_status frozen_describe(uap_module_instance* instance, uap_sink* out) {
    (void)instance;
    return write_text(out,
        "{\"id\":\"" FROZEN_MODULE_ID "\",\"version\":\"1.0.0\",\"tools\":[{\"name\":\"" FROZEN_TOOL_NAME "\","
        "\"description\":\"Echoes its text argument back (built against ABI 1 revision " FROZEN_REVISION ").\","
        "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]},"
        "\"metadata\":{\"readOnly\":true,\"undoable\":false,\"destructive\":false,\"idempotent\":true,\"longRunning\":false}}]}");
}

static uap_status frozen_call(uap_module_instance* instance, const uap_tool_call* call, uap_sink* out) {
    (void)instance;
    uap_status status = write_text(out, "{\"echo\":");
    if (status == UAP_STATUS_OK) {
        /* The host validated arguments against the schema: {"text": "..."} with only that key shape. */
        const char* text = call->arguments_json.data;
        uint64_t size = call->arguments_json.size;
        const char* colon = memchr(text, ':', (size_t)size);
        const char* end = text + size - 1; /* the closing brace */
        if (!colon)
            return UAP_STATUS_INVALID_ARGUMENT;
        status = out->write(out->receiver, colon + 1, (uint64_t)(end - colon - 1));
    }
    if (status == UAP_STATUS_OK)
        status = write_text(out, ",\"hostTableBytes\":");
    if (status == UAP_STATUS_OK) {
        char digits[16];
        unsigned value = g_host->struct_size;
        int length = 0;
        char reversed[16];
        do {
            reversed[length++] = (char)('0' + value % 10);
            value /= 10;
        } while (value);
        for (int index = 0; index < length; ++index)
            digits[index] = reversed[length - 1 - index];
        status = out->write(out->receiver, digits, (uint64_t)length);
    }
    if (status == UAP_STATUS_OK)
        status = write_text(out, "}");
    return status;
}

static void frozen_shutdown(uap_module_instance* instance) { (void)instance; }

UAP_MODULE_EXPORT uap_status uap_module_entry(uint32_t offered, uint32_t* out_version, const uap_module_api** out_module) {
    static const uap_module_api table = {sizeof(uap_module_api), UAP_ABI_VERSION, frozen_init, frozen_describe, frozen_call,
                                         frozen_shutdown};
    if (offered < UAP_ABI_VERSION)
        return UAP_STATUS_UNSUPPORTED_VERSION;
    *out_version = UAP_ABI_VERSION;
    *out_module = &table;
    return UAP_STATUS_OK;
}
