// Scale benchmark (prints a table; run a Release build): uap_batch of 200 and 2,000 transform writes
// addressed by path, and uap_query_hierarchy paged from the first page to the last with the cursors
// the editor issued, on flat and deep scenes of 1,000, 10,000 and 100,000 objects.
#include "support/json_writer.hpp"
#include "support/platform/platform.hpp"
#include "tool_stack.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// Deep scenes are chains this long, the deepest uap_query_hierarchy can list (its maxDepth is 64).
constexpr std::size_t chain_length = 50;
constexpr int batch_limit = 200; // uap_batch takes at most 200 calls.

enum class Shape { Flat, Deep };

double milliseconds_since(Clock::time_point started) {
    return std::chrono::duration<double, std::milli>(Clock::now() - started).count();
}

uap::testing::ToolReply expect_ok(uap::testing::ToolStack& stack, const std::string& tool, const std::string& arguments) {
    auto reply = stack.call(tool, arguments);
    if (reply.is_error) {
        std::fprintf(stderr, "%s failed: %s\n", tool.c_str(), reply.text.substr(0, 300).c_str());
        std::exit(1);
    }
    return reply;
}

// The path of the write_index-th object a batch writes: objects spread over the whole scene, and in
// a deep scene the deepest link of a chain, so every lookup walks the full path.
std::string target_path(Shape shape, std::size_t object_count, int write_index) {
    if (shape == Shape::Flat) {
        std::size_t step = object_count / batch_limit;
        return "/Object" + std::to_string((static_cast<std::size_t>(write_index) % batch_limit) * step);
    }
    std::size_t chains = object_count / chain_length;
    std::string path = "/Chain" + std::to_string(static_cast<std::size_t>(write_index) % chains);
    for (std::size_t level = 1; level < chain_length; ++level)
        path += "/Link" + std::to_string(level);
    return path;
}

std::string batch_arguments(Shape shape, std::size_t object_count, int first_write) {
    uap::json::TextWriter writer;
    writer.begin_object().key("calls").begin_array();
    for (int index = 0; index < batch_limit; ++index) {
        writer.begin_object().field("tool", "uap_transform_set").key("arguments").begin_object();
        writer.field("path", target_path(shape, object_count, first_write + index));
        writer.key("position").begin_object().field("x", first_write + index).end_object();
        writer.end_object().end_object();
    }
    writer.end_array().end_object();
    return writer.text();
}

// Milliseconds for writes transform writes sent as consecutive batches of 200; the median of runs.
double time_writes(uap::testing::ToolStack& stack, Shape shape, std::size_t object_count, int writes, int runs) {
    std::vector<std::string> batches;
    for (int first = 0; first < writes; first += batch_limit)
        batches.push_back(batch_arguments(shape, object_count, first));
    std::vector<double> samples;
    for (int run = 0; run < runs; ++run) {
        auto started = Clock::now();
        for (const auto& batch : batches)
            expect_ok(stack, "uap_batch", batch);
        samples.push_back(milliseconds_since(started));
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

struct PageTimes {
    double first = 0, middle = 0, last = 0, slowest = 0;
    int pages = 0;
};

// Pages through the whole hierarchy, 200 nodes a page, following nextCursor: the first, middle and
// last page's milliseconds (the median over runs), and the slowest page seen.
PageTimes time_paging(uap::testing::ToolStack& stack, Shape shape, int runs) {
    std::vector<double> firsts, middles, lasts;
    PageTimes times;
    for (int run = 0; run < runs; ++run) {
        std::vector<double> pages;
        std::string cursor;
        do {
            uap::json::TextWriter writer;
            writer.begin_object().field("maxNodes", 200).field("maxDepth", shape == Shape::Flat ? 1 : 64);
            if (!cursor.empty())
                writer.field("cursor", cursor);
            writer.end_object();
            auto started = Clock::now();
            auto reply = expect_ok(stack, "uap_query_hierarchy", writer.text());
            pages.push_back(milliseconds_since(started));
            cursor = reply.value.IsObject() && reply.value.HasMember("nextCursor") ? reply.value["nextCursor"].GetString() : "";
        } while (!cursor.empty());
        firsts.push_back(pages.front());
        middles.push_back(pages[pages.size() / 2]);
        lasts.push_back(pages.back());
        times.slowest = std::max(times.slowest, *std::max_element(pages.begin(), pages.end()));
        times.pages = static_cast<int>(pages.size());
    }
    auto median = [](std::vector<double> samples) {
        std::sort(samples.begin(), samples.end());
        return samples[samples.size() / 2];
    };
    times.first = median(firsts);
    times.middle = median(middles);
    times.last = median(lasts);
    return times;
}

} // namespace

int main() {
    // As the host's main does: without it, glibc hands each page's freed buffers back to the kernel
    // and faults them in again on the next page, which the host as shipped never pays.
    uap::platform::keep_freed_memory_for_reuse(uap::platform::kept_freed_memory_bytes);
    std::printf("scale benchmark (%s build); times in ms; batches are 200 uap_transform_set writes by path\n",
#ifdef NDEBUG
                "optimised"
#else
                "debug"
#endif
    );
    std::printf("%-5s %8s %10s %11s %7s %10s %10s %10s %10s\n", "shape", "objects", "batch 200", "batch 2000", "pages",
                "first pg", "middle pg", "last pg", "slowest pg");
    for (Shape shape : {Shape::Flat, Shape::Deep}) {
        for (std::size_t object_count : {std::size_t{1000}, std::size_t{10000}, std::size_t{100000}}) {
            // A fresh editor per scene, as the fixtures name objects from 0 and names must stay unique.
            uap::testing::ToolStack stack;
            if (shape == Shape::Flat)
                stack.add_flat_objects(object_count);
            else
                stack.add_nested_objects(object_count, chain_length);
            bool big = object_count >= 100000;
            double batch_200 = time_writes(stack, shape, object_count, 200, big ? 3 : 5);
            double batch_2000 = time_writes(stack, shape, object_count, 2000, 1);
            PageTimes pages = time_paging(stack, shape, big ? 1 : 3);
            std::printf("%-5s %8zu %10.2f %11.2f %7d %10.3f %10.3f %10.3f %10.3f\n", shape == Shape::Flat ? "flat" : "deep",
                        object_count, batch_200, batch_2000, pages.pages, pages.first, pages.middle, pages.last, pages.slowest);
            std::fflush(stdout);
        }
    }
    return 0;
}
