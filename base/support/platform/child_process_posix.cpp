// POSIX implementation of ChildProcess: posix_spawn with its own process group, a default signal
// mask in the child, and close-on-exec pipes.
#include "support/child_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace uap {

namespace {

void ignore_broken_pipes_once() {
    static std::once_flag once;
    std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

int decode_status(int status) {
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return platform::signal_exit_base + WTERMSIG(status);
    return -1;
}

// pipe2 with O_CLOEXEC where it exists (Linux); macOS sets the flag right after pipe().
bool close_on_exec_pipe(int ends[2]) {
#if defined(__APPLE__)
    if (::pipe(ends) != 0)
        return false;
    ::fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    ::fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return true;
#else
    return ::pipe2(ends, O_CLOEXEC) == 0;
#endif
}

void close_pair(int ends[2]) {
    ::close(ends[0]);
    ::close(ends[1]);
}

} // namespace

Expected<std::unique_ptr<ChildProcess>> ChildProcess::launch(const LaunchSpec& spec) {
    ignore_broken_pipes_once();
    int input[2], output[2], errors[2];
    if (!close_on_exec_pipe(input))
        return Error("cannot create a pipe: " + std::string(std::strerror(errno)));
    if (!close_on_exec_pipe(output)) {
        close_pair(input);
        return Error("cannot create a pipe: " + std::string(std::strerror(errno)));
    }
    if (!close_on_exec_pipe(errors)) {
        close_pair(input), close_pair(output);
        return Error("cannot create a pipe: " + std::string(std::strerror(errno)));
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[0], 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2);
    // Given from a copy numbered above the child's 0-3, so that no earlier dup2 overwrites it and
    // dup2 onto its own number (which may leave close-on-exec set) cannot happen.
    int inherited = spec.inherited == platform::no_handle ? -1 : ::fcntl(static_cast<int>(spec.inherited), F_DUPFD_CLOEXEC, 4);
    if (inherited >= 0)
        posix_spawn_file_actions_adddup2(&actions, inherited, 3);
    if (!spec.working_directory.empty())
        posix_spawn_file_actions_addchdir_np(&actions, spec.working_directory.c_str());

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t no_signals, default_signals;
    sigemptyset(&no_signals);
    sigemptyset(&default_signals);
    for (int signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD})
        sigaddset(&default_signals, signal);
    posix_spawnattr_setsigmask(&attributes, &no_signals);
    posix_spawnattr_setsigdefault(&attributes, &default_signals);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<std::string> words;
    words.push_back(spec.program.string());
    words.insert(words.end(), spec.arguments.begin(), spec.arguments.end());
    std::vector<char*> argv;
    for (auto& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    std::vector<std::string> environment = spec.environment;
    std::vector<char*> envp;
    for (auto& entry : environment)
        envp.push_back(entry.data());
    envp.push_back(nullptr);

    pid_t pid = -1;
    int spawned = posix_spawn(&pid, spec.program.c_str(), &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(input[0]), ::close(output[1]), ::close(errors[1]);
    if (inherited >= 0)
        ::close(inherited);
    if (spawned != 0) {
        ::close(input[1]), ::close(output[0]), ::close(errors[0]);
        return Error("cannot start " + spec.program.string() + ": " + std::strerror(spawned));
    }
    std::unique_ptr<ChildProcess> child(new ChildProcess);
    child->m_pid = pid;
    child->m_stdin = input[1];
    child->m_stdout = output[0];
    child->m_stderr = errors[0];
    return child;
}

ChildProcess::~ChildProcess() {
    if (!m_exit_code && m_pid > 0)
        terminate_tree(std::chrono::milliseconds(0));
    platform::close_handle(m_stdin);
    platform::close_handle(m_stdout);
    platform::close_handle(m_stderr);
}

std::optional<int> ChildProcess::poll_exit() {
    if (m_exit_code || m_pid <= 0)
        return m_exit_code;
    int status = 0;
    pid_t reaped = ::waitpid(static_cast<pid_t>(m_pid), &status, WNOHANG);
    if (reaped == m_pid)
        m_exit_code = decode_status(status);
    else if (reaped < 0 && errno == ECHILD)
        m_exit_code = -1;
    return m_exit_code;
}

void ChildProcess::kill_tree() {
    if (m_pid > 0)
        ::kill(-static_cast<pid_t>(m_pid), SIGKILL);
}

void ChildProcess::terminate_tree(std::chrono::milliseconds grace) {
    if (m_pid <= 0)
        return;
    // The group may outlive the leader (grandchildren), so it is signalled even after the exit.
    ::kill(-static_cast<pid_t>(m_pid), SIGTERM);
    if (grace.count() > 0)
        wait_exit(grace);
    kill_tree();
    if (!m_exit_code)
        wait_exit(std::chrono::milliseconds(5000));
}

} // namespace uap
