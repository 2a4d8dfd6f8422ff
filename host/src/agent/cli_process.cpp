// CliProcess: threads around the child's pipes.
#include "agent/cli_process.hpp"

#include "support/json.hpp"
#include "support/log.hpp"

#include <thread>

namespace uap::agent {

namespace {
constexpr size_t stderr_tail_bytes = 4096;
}

Expected<std::unique_ptr<CliProcess>> CliProcess::start(const LaunchSpec& spec, MessageHandler on_message, ExitHandler on_exit,
                                                        size_t max_line_bytes) {
    auto child = ChildProcess::launch(spec);
    if (!child)
        return child.error();
    std::unique_ptr<CliProcess> process(new CliProcess(std::move(*child), std::move(on_message), std::move(on_exit), max_line_bytes));
    process->m_stderr_thread = std::thread([raw = process.get()] { raw->read_stderr(); });
    process->m_stdout_thread = std::thread([raw = process.get()] { raw->read_stdout(); });
    return process;
}

CliProcess::CliProcess(std::unique_ptr<ChildProcess> child, MessageHandler on_message, ExitHandler on_exit, size_t max_line_bytes)
    : m_child(std::move(child)),
      m_serializer([this](std::string_view bytes) -> Expected<void> {
          std::lock_guard lock(m_child_mutex);
          return m_child->write_all(bytes);
      }),
      m_on_message(std::move(on_message)), m_on_exit(std::move(on_exit)), m_max_line_bytes(max_line_bytes) {}

CliProcess::~CliProcess() { stop(std::chrono::milliseconds(0)); }

void CliProcess::read_stdout() {
    LineFramer framer(m_max_line_bytes);
    auto handle_line = [this](std::string_view line) {
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] != '{') {
            ++m_garbage_lines;
            log::agent.debug("ignored a non-JSON line from the CLI ({} bytes)", line.size());
            return;
        }
        auto document = json::parse(line);
        if (!document || !document->IsObject()) {
            ++m_garbage_lines;
            log::agent.warn("ignored an unparsable line from the CLI ({} bytes)", line.size());
            return;
        }
        try {
            m_on_message(*document);
        } catch (const std::exception& exception) {
            log::agent.error("a CLI message handler failed: {}", exception.what());
        }
    };
    char buffer[65536];
    while (true) {
        std::size_t count = m_child->read(ChildStream::Output, buffer, sizeof(buffer));
        if (count == 0)
            break;
        framer.feed(std::string_view(buffer, count), handle_line);
        m_dropped_lines = framer.dropped_lines();
    }
    framer.finish(handle_line);
    m_dropped_lines = framer.dropped_lines();
    if (m_stopping)
        return;
    // stdout closed: the process is exiting (or closed stdout on purpose, then it is ended).
    auto code = m_child->wait_exit(std::chrono::seconds(5));
    if (!code) {
        m_child->terminate_tree(std::chrono::milliseconds(500));
        code = m_child->poll_exit();
    }
    for (int waited = 0; waited < 100 && !m_stderr_done; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!m_stopping && m_on_exit)
        m_on_exit(code.value_or(-1), stderr_tail());
}

void CliProcess::read_stderr() {
    char buffer[8192];
    while (true) {
        std::size_t count = m_child->read(ChildStream::Errors, buffer, sizeof(buffer));
        if (count == 0)
            break;
        std::lock_guard lock(m_stderr_mutex);
        m_stderr_tail.append(buffer, count);
        if (m_stderr_tail.size() > stderr_tail_bytes)
            m_stderr_tail.erase(0, m_stderr_tail.size() - stderr_tail_bytes);
    }
    m_stderr_done = true;
}

std::string CliProcess::stderr_tail() const {
    std::lock_guard lock(m_stderr_mutex);
    return m_stderr_tail;
}

void CliProcess::stop(std::chrono::milliseconds grace) {
    bool already = m_stopping.exchange(true);
    if (!already) {
        {
            std::lock_guard lock(m_child_mutex);
            m_child->close_stdin();
        }
        if (grace.count() > 0)
            m_child->wait_exit(grace);
        m_child->terminate_tree(std::chrono::milliseconds(grace.count() > 0 ? 1000 : 0));
    }
    if (m_stdout_thread.joinable() && m_stdout_thread.get_id() != std::this_thread::get_id())
        m_stdout_thread.join();
    if (m_stderr_thread.joinable() && m_stderr_thread.get_id() != std::this_thread::get_id())
        m_stderr_thread.join();
}

void CliProcess::kill_now() { m_child->kill_tree(); }

} // namespace uap::agent
