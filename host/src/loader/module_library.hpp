// The loader: one module's shared library, loaded by absolute path with Boost.DLL, its single entry
// point resolved and its ABI generation negotiated. The library stays loaded while this object lives.
// The module host, the isolated runner and the authors' test kit all load packs through it.
#pragma once

#include "support/expected.hpp"

#include <uap/abi/uap_module.h>

#include <boost/dll/shared_library.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <variant>

namespace uap::loader {

// The generations this host speaks.
inline constexpr uint32_t oldest_abi_version = 1;
inline constexpr uint32_t newest_abi_version = UAP_ABI_VERSION;
// The most a module's describe() may write.
inline constexpr uint64_t max_description_bytes = 4 * 1024 * 1024;

class ModuleLibrary {
public:
    // Loads file (absolute), resolves uap_module_entry and negotiates. Loads are serialised.
    // A library that speaks no ABI generation this host does fails with UnsupportedVersion.
    static Expected<std::shared_ptr<ModuleLibrary>> open(const std::filesystem::path& file);

    // Unloads under the same lock as loads. Callers make sure no module code is still running.
    ~ModuleLibrary();
    ModuleLibrary(const ModuleLibrary&) = delete;
    ModuleLibrary& operator=(const ModuleLibrary&) = delete;

    // The module's table, copied into a zero-filled host-sized struct: fields the module did not
    // have are NULL.
    const uap_module_api& api() const { return m_api; }
    uint32_t abi_version() const { return m_abi_version; }
    const std::filesystem::path& file() const { return m_file; }

private:
    ModuleLibrary() = default;

    boost::dll::shared_library m_library;
    std::filesystem::path m_file;
    uap_module_api m_api{};
    uint32_t m_abi_version = 0;
};

} // namespace uap::loader
