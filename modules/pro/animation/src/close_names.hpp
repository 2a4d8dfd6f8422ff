// Names close to one that was not found (a transform of a model, a human bone), so a refusal can say
// which one was probably meant.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace uap::pro::animation {

// Up to limit candidates close to wanted, closest first: one contains the other (case-insensitively),
// or they are a few edits apart. Empty when none is close.
std::vector<std::string> close_names(std::string_view wanted, const std::vector<std::string>& candidates, std::size_t limit = 3);

// "'A', 'B' or 'C'" for a refusal; "" for none.
std::string quoted_choices(const std::vector<std::string>& names);

} // namespace uap::pro::animation
