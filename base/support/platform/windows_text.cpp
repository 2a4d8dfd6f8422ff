// UTF-8/UTF-16 conversion, command-line quoting and the owner-only ACL for the Windows platform layer.
#include "support/platform/windows_text.hpp"

namespace uap::platform::windows {

std::wstring widen(std::string_view text) {
    if (text.empty())
        return {};
    int length = MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
    std::wstring wide(static_cast<size_t>(length), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), wide.data(), length);
    return wide;
}

std::string narrow(std::wstring_view text) {
    if (text.empty())
        return {};
    int length = WideCharToMultiByte(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0, nullptr, nullptr);
    std::string utf8(static_cast<size_t>(length), '\0');
    WideCharToMultiByte(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), utf8.data(), length, nullptr, nullptr);
    return utf8;
}

std::string error_text(DWORD error) {
    wchar_t* buffer = nullptr;
    DWORD length = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr,
                                  error, MAKELANGID(LANG_ENGLISH, SUBLANG_DEFAULT), reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
    std::string text = length ? narrow(std::wstring_view(buffer, length)) : std::string();
    if (buffer)
        LocalFree(buffer);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '.'))
        text.pop_back();
    return (text.empty() ? std::string("error") : text) + " (" + std::to_string(error) + ")";
}

std::wstring quote_argument(std::wstring_view argument) {
    if (!argument.empty() && argument.find_first_of(L" \t\n\v\"") == std::wstring_view::npos)
        return std::wstring(argument);
    // Backslashes are literal except before a quote: there they are doubled, and the quote escaped.
    std::wstring quoted = L"\"";
    size_t backslashes = 0;
    for (wchar_t letter : argument) {
        if (letter == L'\\') {
            ++backslashes;
            continue;
        }
        if (letter == L'"') {
            quoted.append(backslashes * 2 + 1, L'\\');
        } else {
            quoted.append(backslashes, L'\\');
        }
        backslashes = 0;
        quoted.push_back(letter);
    }
    quoted.append(backslashes * 2, L'\\');
    quoted.push_back(L'"');
    return quoted;
}

Expected<std::wstring> command_line(const std::vector<std::string>& words) {
    std::wstring line;
    for (auto& word : words) {
        if (!line.empty())
            line.push_back(L' ');
        line += quote_argument(widen(word));
    }
    constexpr size_t limit = 32767;
    if (line.size() >= limit)
        return Error("the command line of " + (words.empty() ? std::string() : words.front()) + " would be " + std::to_string(line.size()) +
                     " characters; Windows allows " + std::to_string(limit - 1) + ", so long texts must travel in a file or on stdin");
    return line;
}

} // namespace uap::platform::windows
