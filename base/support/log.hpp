// Named loggers: each part of the host logs through its own, whose name opens every line it writes
// ("bridge: editor session ... connected"), so no message types where it comes from by hand. All of
// them write through spdlog's default logger, so its level and sinks (main's console, a test's
// recording sink) apply to every line. Lines about one module pack keep "[pack id]" instead.
#pragma once

#include <spdlog/spdlog.h>

#include <iterator>
#include <string_view>
#include <utility>

namespace uap::log {

class Logger {
public:
    constexpr explicit Logger(std::string_view name) : m_name(name) {}

    template <typename... Arguments>
    void debug(spdlog::format_string_t<Arguments...> format, Arguments&&... arguments) const {
        write(spdlog::level::debug, format, std::forward<Arguments>(arguments)...);
    }
    template <typename... Arguments>
    void info(spdlog::format_string_t<Arguments...> format, Arguments&&... arguments) const {
        write(spdlog::level::info, format, std::forward<Arguments>(arguments)...);
    }
    template <typename... Arguments>
    void warn(spdlog::format_string_t<Arguments...> format, Arguments&&... arguments) const {
        write(spdlog::level::warn, format, std::forward<Arguments>(arguments)...);
    }
    template <typename... Arguments>
    void error(spdlog::format_string_t<Arguments...> format, Arguments&&... arguments) const {
        write(spdlog::level::err, format, std::forward<Arguments>(arguments)...);
    }

private:
    template <typename... Arguments>
    void write(spdlog::level::level_enum level, spdlog::format_string_t<Arguments...> format, Arguments&&... arguments) const {
        spdlog::logger* sink = spdlog::default_logger_raw();
        if (!sink->should_log(level)) // Formats nothing that would not be written.
            return;
        // One buffer for the name and the message (inline up to 500 bytes), handed to spdlog as it
        // is, so a line is formatted once and usually without touching the heap.
        fmt::memory_buffer line;
        fmt::format_to(std::back_inserter(line), "{}: ", m_name);
        fmt::format_to(std::back_inserter(line), format, std::forward<Arguments>(arguments)...);
        sink->log(level, spdlog::string_view_t(line.data(), line.size()));
    }

    std::string_view m_name;
};

inline constexpr Logger agent{"agent"};
inline constexpr Logger bridge{"bridge"};
inline constexpr Logger cli{"cli"};
inline constexpr Logger integrations{"integrations"};
inline constexpr Logger mcp{"mcp"};
inline constexpr Logger modules{"modules"};
inline constexpr Logger packages{"packages"};
inline constexpr Logger panel{"panel"};
inline constexpr Logger server{"server"};
inline constexpr Logger settings{"settings"};
inline constexpr Logger simulator{"editor simulator"};
inline constexpr Logger skills{"skills"};

} // namespace uap::log
