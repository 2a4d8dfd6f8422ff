// A mutex and a lock that Clang's thread-safety analysis follows. Members a mutex protects are marked
// UAP_GUARDED_BY(it) and functions that need it held UAP_REQUIRES(it), so the clang build of the
// test command (-Werror=thread-safety-analysis) refuses an access without the lock; other compilers
// see a plain std::mutex. docs/architecture.md, "Locking", says where it is used and the lock order.
#pragma once

#include "support/clock.hpp"

#include <condition_variable>
#include <mutex>

#if defined(__clang__)
#define UAP_THREAD_ANNOTATION(attribute) __attribute__((attribute))
#else
#define UAP_THREAD_ANNOTATION(attribute)
#endif

#define UAP_CAPABILITY(name) UAP_THREAD_ANNOTATION(capability(name))
#define UAP_SCOPED_CAPABILITY UAP_THREAD_ANNOTATION(scoped_lockable)
#define UAP_GUARDED_BY(mutex) UAP_THREAD_ANNOTATION(guarded_by(mutex))
#define UAP_PT_GUARDED_BY(mutex) UAP_THREAD_ANNOTATION(pt_guarded_by(mutex))
#define UAP_REQUIRES(...) UAP_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
#define UAP_EXCLUDES(...) UAP_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))
#define UAP_ACQUIRE(...) UAP_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
#define UAP_RELEASE(...) UAP_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
#define UAP_ACQUIRED_AFTER(...) UAP_THREAD_ANNOTATION(acquired_after(__VA_ARGS__))
#define UAP_NO_THREAD_SAFETY_ANALYSIS UAP_THREAD_ANNOTATION(no_thread_safety_analysis)

namespace uap {

// Waits on condition, which releases lock meanwhile, until done() holds (true) or clock reads
// deadline (false). done runs with lock held, which the analysis cannot follow through the wait.
template <typename Done>
bool wait_until(const Clock& clock, std::condition_variable& condition, std::unique_lock<std::mutex>& lock,
                std::chrono::milliseconds deadline, Done done) UAP_NO_THREAD_SAFETY_ANALYSIS {
    while (!done()) {
        if (clock.now() >= deadline)
            return false;
        clock.wait_until(condition, lock, deadline);
    }
    return true;
}

class UAP_CAPABILITY("mutex") Mutex {
public:
    void lock() UAP_ACQUIRE() { m_mutex.lock(); }
    void unlock() UAP_RELEASE() { m_mutex.unlock(); }

private:
    friend class MutexLock;
    std::mutex m_mutex;
};

// Holds a Mutex for its scope, may let go of it and take it again, and hands a condition variable the
// lock it waits through (a predicate that reads guarded members is a lambda marked UAP_REQUIRES).
class UAP_SCOPED_CAPABILITY MutexLock {
public:
    explicit MutexLock(Mutex& mutex) UAP_ACQUIRE(mutex) : m_lock(mutex.m_mutex) {}
    ~MutexLock() UAP_RELEASE() {}
    MutexLock(const MutexLock&) = delete;
    MutexLock& operator=(const MutexLock&) = delete;

    void unlock() UAP_RELEASE() { m_lock.unlock(); }
    void lock() UAP_ACQUIRE() { m_lock.lock(); }
    // For std::condition_variable's waits, which release and retake the mutex inside.
    std::unique_lock<std::mutex>& waitable() { return m_lock; }

    // Waits on condition until done() holds (true) or clock reads deadline (false). done reads
    // guarded members, so it is a lambda marked UAP_REQUIRES; the lock is held whenever it runs,
    // which the analysis cannot follow through the wait, hence the exemption.
    template <typename Done>
    bool wait_until(const Clock& clock, std::condition_variable& condition, std::chrono::milliseconds deadline,
                    Done done) UAP_NO_THREAD_SAFETY_ANALYSIS {
        return uap::wait_until(clock, condition, m_lock, deadline, done);
    }

private:
    std::unique_lock<std::mutex> m_lock;
};

} // namespace uap
