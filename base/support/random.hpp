// Random bytes from the operating system's generator (support/platform): tokens, session ids and
// the unique names of temporary files all come from here.
#pragma once

#include "support/expected.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace uap::random {

// byte_count random bytes as lower-case hex (twice as many characters). Fails only when the
// system's generator does, which a caller that needs secrecy (tokens) must not paper over.
Expected<std::string> hex(std::size_t byte_count);

// A short random name part for files, folders and ids that only need to be unique, never secret.
std::string unique_suffix();

// Compares secrets (tokens) in a time that does not depend on their content.
bool equal_in_constant_time(std::string_view left, std::string_view right);

} // namespace uap::random
