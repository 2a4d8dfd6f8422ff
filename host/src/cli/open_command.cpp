// uap-host open --project DIR: asks the project's running host for a one-time sign-in link to the
// browser panel (with the owner-only panel token), prints it, and opens it with $BROWSER or the
// platform's opener. The link's code works once, for 60 s, so it may appear on an opener's command line.
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "server/access_tokens.hpp"
#include "server/discovery_file.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <cstdlib>
#include <iostream>

namespace uap::cli {

namespace {

const Command& open_command() {
    static const Command command{
        {"uap-host open --project DIR [--print-only]"},
        cli_text("open.summary"),
        {project_option(), {"print-only", Takes::Nothing, "", cli_text("open.print_only_help")}},
        ""};
    return command;
}

Expected<std::string> request_sign_in_url(const server::Discovery& discovery, const std::string& token) {
    try {
        Poco::Net::HTTPClientSession session("127.0.0.1", discovery.port);
        session.setTimeout(Poco::Timespan(10, 0));
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, "/login-code", Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost("127.0.0.1", discovery.port);
        request.set("Authorization", "Bearer " + token);
        request.setContentLength(0);
        session.sendRequest(request);
        Poco::Net::HTTPResponse response;
        std::istream& stream = session.receiveResponse(response);
        std::string body;
        Poco::StreamCopier::copyToString(stream, body);
        if (response.getStatus() != Poco::Net::HTTPResponse::HTTP_OK)
            return Error(cli_text("open.refused", {{"status", std::to_string(response.getStatus())}, {"body", body}}));
        auto document = json::parse(body);
        if (!document || !document->IsObject() || !json::string_field(*document, "url"))
            return Error(cli_text("open.no_link"));
        return *json::string_field(*document, "url");
    } catch (const Poco::Exception& exception) {
        return Error(cli_text("open.unreachable", {{"port", std::to_string(discovery.port)}, {"error", exception.displayText()}}));
    }
}

// Runs one opener command ("%s" replaced by the link, else the link appended) without a shell.
bool launch_opener(std::string command, const std::string& url) {
    std::vector<std::string> words;
    size_t start = 0;
    while (start < command.size()) {
        size_t space = command.find(' ', start);
        std::string word = command.substr(start, space == std::string::npos ? std::string::npos : space - start);
        if (!word.empty())
            words.push_back(word);
        if (space == std::string::npos)
            break;
        start = space + 1;
    }
    if (words.empty())
        return false;
    bool substituted = false;
    for (auto& word : words)
        if (auto at = word.find("%s"); at != std::string::npos) {
            word.replace(at, 2, url);
            substituted = true;
        }
    if (!substituted)
        words.push_back(url);
    return platform::start_detached(words);
}

} // namespace

int run_open_command(const std::vector<std::string>& words) {
    auto arguments = Arguments::parse(words, open_command());
    if (!arguments)
        return usage_error(arguments.error().message(), open_command());
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(open_command());
        return Success;
    }
    if (!arguments->positional().empty() || !arguments->value("project"))
        return usage_error(cli_text("open.project_required"), open_command());
    std::filesystem::path project = std::filesystem::absolute(utf8::to_path(*arguments->value("project")));
    auto discovery = server::read_discovery(project);
    if (!discovery)
        return fail(Failure, cli_text("open.no_host", {{"error", discovery.error().message()}, {"path", utf8::from_path(project)}}));
    auto token = server::AccessTokens::read_file(server::AccessTokens::file_for(project, server::Role::Panel));
    if (!token)
        return fail(Failure, cli_text("open.no_token", {{"error", token.error().message()}}));
    auto url = request_sign_in_url(*discovery, *token);
    if (!url)
        return fail(Failure, url.error().message());
    std::cout << *url << std::endl;
    if (arguments->has("print-only"))
        return Success;
    std::vector<std::string> openers;
    if (auto browser = platform::environment_value("BROWSER"); browser && !browser->empty()) {
        std::string list = *browser;
        size_t start = 0;
        while (start <= list.size()) {
            size_t colon = list.find(':', start);
            openers.push_back(list.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
    } else {
        if (platform::open_with_shell(*url))
            return Success;
        openers.push_back(platform::default_link_opener());
    }
    for (auto& opener : openers)
        if (launch_opener(opener, *url))
            return Success;
    std::cerr << "uap-host: " << cli_text("open.no_browser") << "\n";
    return Success;
}

} // namespace uap::cli
