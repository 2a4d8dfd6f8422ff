// Header lookup for the plain HTTP values.
#include "server/http_exchange.hpp"

#include <algorithm>
#include <cctype>

namespace uap::server {

bool equal_ignoring_case(std::string_view left, std::string_view right) {
    return left.size() == right.size() && std::equal(left.begin(), left.end(), right.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           });
}

const std::string* HeaderList::find(std::string_view name) const {
    for (auto& [field, value] : m_fields)
        if (equal_ignoring_case(field, name))
            return &value;
    return nullptr;
}

size_t HeaderList::count(std::string_view name) const {
    return static_cast<size_t>(std::count_if(m_fields.begin(), m_fields.end(),
                                             [&](auto& field) { return equal_ignoring_case(field.first, name); }));
}

} // namespace uap::server
