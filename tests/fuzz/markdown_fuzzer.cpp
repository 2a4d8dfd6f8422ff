// libFuzzer target for the host's Markdown tree: each input is one assistant message. Every valid
// UTF-8 message must give a well-formed tree or the plain-text fallback, within the limits.
#include "markdown/markdown_json.hpp"
#include "markdown/markdown_tree.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // Messages reach the host as JSON strings, so they are valid UTF-8; others are not this boundary's input.
    if (!uap::json::parse(uap::json::quoted(text)))
        return 0;
    std::string tree = uap::markdown::markdown_json(text);
    auto parsed = uap::json::parse(tree);
    if (!parsed || !parsed->IsObject() || !parsed->HasMember("blocks") || tree.size() > uap::markdown::max_tree_bytes + 1024)
        std::abort();
    return 0;
}
