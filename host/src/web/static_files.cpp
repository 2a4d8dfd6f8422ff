// Static file serving for the browser panel.
#include "web/static_files.hpp"

#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <array>
#include <utility>

namespace uap::web {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t max_file_bytes = 8 * 1024 * 1024;

constexpr std::array<std::pair<std::string_view, std::string_view>, 8> content_types = {{
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".json", "application/json"},
    {".txt", "text/plain; charset=utf-8"},
}};

std::string_view content_type_for(const fs::path& file) {
    std::string extension = utf8::from_path(file.extension());
    for (auto& [suffix, type] : content_types)
        if (extension == suffix)
            return type;
    return {};
}

// Only plain relative names: letters, digits, '-', '_', '.', '/', with no empty, "." or ".." segment.
bool plain_relative_name(std::string_view name) {
    if (name.empty())
        return false;
    bool allowed = std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/';
    });
    if (!allowed)
        return false;
    size_t start = 0;
    while (start <= name.size()) {
        size_t end = name.find('/', start);
        std::string_view segment = name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (segment.empty() || segment == "." || segment == ".." || segment.front() == '.')
            return false;
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return true;
}

server::HttpResponse text_response(int status, std::string text) {
    server::HttpResponse response;
    response.status = status;
    response.content_type = "text/plain; charset=utf-8";
    response.body = std::move(text) + "\n";
    add_security_headers(response);
    return response;
}

} // namespace

void add_security_headers(server::HttpResponse& response) {
    response.headers.add("Content-Security-Policy", content_security_policy);
    response.headers.add("X-Content-Type-Options", "nosniff");
    response.headers.add("Referrer-Policy", "no-referrer");
    response.headers.add("Cross-Origin-Resource-Policy", "same-origin");
    response.headers.add("Cache-Control", "no-store");
}

server::HttpResponse StaticFiles::serve(const server::HttpRequest& request) const {
    if (request.method != "GET") {
        auto response = text_response(405, "the panel's files are read-only (GET)");
        response.headers.add("Allow", "GET");
        return response;
    }
    std::string_view name = request.path;
    if (!name.empty() && name.front() == '/')
        name.remove_prefix(1);
    if (name.empty())
        name = "index.html";
    std::string_view type = content_type_for(utf8::to_path(name));
    std::string not_found = "no panel file " + std::string(request.path) + " (the panel's files are in " + utf8::from_path(m_root) + ")";
    if (!plain_relative_name(name) || type.empty())
        return text_response(404, not_found);
    // Through the jail: a link inside the web folder is refused, never followed to a file elsewhere.
    auto folder = sdk::FileJail::open(m_root);
    auto body = folder ? folder->read(name, max_file_bytes) : sdk::JailResult<sdk::JailFile>(folder.error());
    if (!body && body.error().problem == sdk::JailProblem::Link)
        return text_response(404, not_found + "; " + body.error().message);
    if (!body && (body.error().problem == sdk::JailProblem::Missing || body.error().problem == sdk::JailProblem::NotFile ||
                  body.error().problem == sdk::JailProblem::NotFolder))
        return text_response(404, not_found);
    if (!body)
        return text_response(500, "the panel file could not be read: " + body.error().message);
    server::HttpResponse response;
    response.content_type = std::string(type);
    response.body = std::move(body->content);
    add_security_headers(response);
    return response;
}

} // namespace uap::web
