// A thread that runs one piece of work every interval, at once when woken, and never after stop():
// the host's pollers (module registry, extension profiles) share it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace uap {

enum class FirstRun { Immediately, AfterInterval };

class PeriodicTask {
public:
    PeriodicTask(std::chrono::milliseconds interval, std::function<void()> work, FirstRun first = FirstRun::AfterInterval);
    ~PeriodicTask();
    PeriodicTask(const PeriodicTask&) = delete;
    PeriodicTask& operator=(const PeriodicTask&) = delete;

    // Runs the work now instead of at the end of the interval (once, however often it is called meanwhile).
    void wake();
    // Waits for a run in progress to finish; the work never runs again. Safe to call twice.
    void stop();

private:
    void loop(std::chrono::milliseconds interval, FirstRun first);

    std::function<void()> m_work;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_woken = false;
    std::thread m_thread; // Last: starts after the members it uses exist.
};

} // namespace uap
