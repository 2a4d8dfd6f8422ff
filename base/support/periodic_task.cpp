// PeriodicTask; see periodic_task.hpp.
#include "support/periodic_task.hpp"

namespace uap {

PeriodicTask::PeriodicTask(std::chrono::milliseconds interval, std::function<void()> work, FirstRun first)
    : m_work(std::move(work)), m_thread([this, interval, first] { loop(interval, first); }) {}

PeriodicTask::~PeriodicTask() { stop(); }

void PeriodicTask::loop(std::chrono::milliseconds interval, FirstRun first) {
    std::unique_lock lock(m_mutex);
    if (first == FirstRun::AfterInterval)
        m_wake.wait_for(lock, interval, [this] { return m_stopping || m_woken; });
    while (!m_stopping) {
        m_woken = false;
        lock.unlock();
        m_work();
        lock.lock();
        m_wake.wait_for(lock, interval, [this] { return m_stopping || m_woken; });
    }
}

void PeriodicTask::wake() {
    {
        std::lock_guard lock(m_mutex);
        m_woken = true;
    }
    m_wake.notify_all();
}

void PeriodicTask::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable() && m_thread.get_id() != std::this_thread::get_id())
        m_thread.join();
}

} // namespace uap
