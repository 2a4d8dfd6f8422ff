// Random bytes from the operating system's generator (through OpenSSL): tokens, session ids and
// the unique names of temporary files all come from here.
#pragma once

#include "support/expected.hpp"

#include <cstddef>
#include <string>

namespace uap::random {

// byte_count random bytes as lower-case hex (twice as many characters). Fails only when the
// system's generator does, which a caller that needs secrecy (tokens) must not paper over.
Expected<std::string> hex(std::size_t byte_count);

// A short random name part for files, folders and ids that only need to be unique, never secret.
std::string unique_suffix();

} // namespace uap::random
