// A stand-in for claude.exe that answers only `--version`, so the CLI search can be checked by
// effect (the program found is started directly and answers) on Linux and, cross-built, under Wine.
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
        std::puts("2.1.332 (Claude Code)");
        return 0;
    }
    std::fputs("version_only_cli answers only --version\n", stderr);
    return 2;
}
