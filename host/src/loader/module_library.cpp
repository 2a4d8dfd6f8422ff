// Loads module libraries and negotiates the ABI generation.
#include "loader/module_library.hpp"
#include "support/mutex.hpp"
#include "support/utf8_path.hpp"

#include <boost/dll/shared_library_load_mode.hpp>

#include <cstddef>
#include <cstring>

namespace uap::loader {

namespace {
Mutex loader_mutex; // dlopen/dlclose are not safe to run concurrently everywhere.

// The fields every generation-1 module must fill.
constexpr size_t minimum_module_api_size = offsetof(uap_module_api, shutdown) + sizeof(uap_module_api::shutdown);
} // namespace

ModuleLibrary::~ModuleLibrary() {
    MutexLock lock(loader_mutex);
    m_library.unload();
}

Expected<std::shared_ptr<ModuleLibrary>> ModuleLibrary::open(const std::filesystem::path& file) {
    // Declared before the lock so that, on a failure, the library is unloaded after the lock is released.
    std::shared_ptr<ModuleLibrary> library(new ModuleLibrary());
    MutexLock lock(loader_mutex);
    library->m_file = file;
    boost::dll::fs::error_code error;
    library->m_library.load(file, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, error);
    if (error)
        return Error("cannot load " + utf8::from_path(file) + ": " + error.message());
    if (!library->m_library.has(UAP_MODULE_ENTRY_SYMBOL))
        return Error(utf8::from_path(file.filename()) + " does not export " + std::string(UAP_MODULE_ENTRY_SYMBOL));
    auto& entry = library->m_library.get<std::remove_pointer_t<uap_module_entry_fn>>(UAP_MODULE_ENTRY_SYMBOL);

    uint32_t answered = 0;
    const uap_module_api* offered = nullptr;
    uap_status status = entry(newest_abi_version, &answered, &offered);
    if (status == UAP_STATUS_UNSUPPORTED_VERSION)
        return Error::unsupported_version("the module refused ABI generation " + std::to_string(newest_abi_version) +
                                          " (it needs a newer host)");
    if (status != UAP_STATUS_OK)
        return Error("the entry point failed with status " + std::to_string(status));
    if (answered < oldest_abi_version || answered > newest_abi_version)
        return Error::unsupported_version("the module answered ABI generation " + std::to_string(answered) + "; this host speaks " +
                                          std::to_string(oldest_abi_version) + " to " + std::to_string(newest_abi_version));
    if (!offered || offered->struct_size < minimum_module_api_size)
        return Error("the module's function table is missing or too small");
    std::memcpy(&library->m_api, offered, std::min<size_t>(offered->struct_size, sizeof(uap_module_api)));
    library->m_api.struct_size = std::min<uint32_t>(offered->struct_size, sizeof(uap_module_api));
    const auto& api = library->m_api;
    if (!api.init || !api.describe || !api.call_tool || !api.shutdown)
        return Error("the module's function table has empty entries");
    library->m_abi_version = answered;
    return library;
}

} // namespace uap::loader
