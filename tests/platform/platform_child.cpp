// A child for the platform tests: prints its arguments (one per line, between brackets), an
// environment variable, or what it reads; sleeps; or exits with a given code.
#include "support/platform/platform.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

int main(int argc, char** argv) {
    auto arguments = uap::platform::utf8_arguments(argc, argv);
    std::string mode = arguments.size() > 1 ? arguments[1] : "";
    if (mode == "arguments") {
        for (size_t index = 2; index < arguments.size(); ++index)
            std::cout << "[" << arguments[index] << "]\n";
        return 0;
    }
    if (mode == "environment" && arguments.size() > 2) {
        auto value = uap::platform::environment_value(arguments[2]);
        std::cout << value.value_or("(unset)") << "\n";
        return 0;
    }
    if (mode == "echo") {
        std::string line;
        while (std::getline(std::cin, line))
            std::cout << "echo:" << line << "\n" << std::flush;
        return 0;
    }
    if (mode == "sleep") {
        std::this_thread::sleep_for(std::chrono::seconds(120));
        return 0;
    }
    if (mode == "exit" && arguments.size() > 2)
        return std::atoi(arguments[2].c_str());
    return 64;
}
