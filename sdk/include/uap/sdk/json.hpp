// JSON plumbing for module authors: serialise RapidJSON values, and receive text from the host
// through a uap_sink. Header-only; nothing here crosses the ABI except plain C types.
#pragma once

#include <uap/abi/uap_module.h>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace uap::sdk {

inline uap_string_view to_view(std::string_view text) { return {text.data(), static_cast<uint64_t>(text.size())}; }

inline std::string_view from_view(uap_string_view view) {
    return view.data ? std::string_view(view.data, static_cast<size_t>(view.size)) : std::string_view();
}

inline std::string to_json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

inline uap_status write_to_sink(uap_sink* sink, std::string_view text) {
    if (!sink || !sink->write)
        return UAP_STATUS_INVALID_ARGUMENT;
    return sink->write(sink->receiver, text.data(), static_cast<uint64_t>(text.size()));
}

// Collects what a callee writes into a std::string, refusing to grow past a cap.
class StringReceiver {
public:
    explicit StringReceiver(uint64_t cap_bytes = UINT64_MAX) : m_cap(cap_bytes) {}

    uap_sink* sink() { return &m_sink; }
    const std::string& text() const { return m_text; }
    std::string take() { return std::move(m_text); }
    bool overflowed() const { return m_overflowed; }
    // Bytes offered in total, including those refused after the cap.
    uint64_t offered_bytes() const { return m_offered; }

private:
    static uap_status write(void* receiver, const char* data, uint64_t size) {
        auto& self = *static_cast<StringReceiver*>(receiver);
        self.m_offered += size;
        if (self.m_overflowed || self.m_text.size() + size > self.m_cap) {
            self.m_overflowed = true;
            return UAP_STATUS_TOO_LARGE;
        }
        if (size > 0)
            self.m_text.append(data, static_cast<size_t>(size));
        return UAP_STATUS_OK;
    }

    uint64_t m_cap;
    uint64_t m_offered = 0;
    bool m_overflowed = false;
    std::string m_text;
    uap_sink m_sink{this, &StringReceiver::write};
};

} // namespace uap::sdk
