// The simulator's test cases, filters and NUnit results document; see test_runner.hpp.
#include "test_runner.hpp"

#include <Poco/SAX/AttributesImpl.h>
#include <Poco/XML/XMLWriter.h>

#include <algorithm>
#include <map>
#include <regex>
#include <sstream>

namespace uap::editor_sim {

namespace {

bool string_member(const rapidjson::Value& object, const char* key, std::string& out) {
    if (!object.HasMember(key))
        return true;
    if (!object[key].IsString())
        return false;
    out = object[key].GetString();
    return true;
}

bool any_equal(const std::vector<std::string>& candidates, const std::string& value) {
    return std::find(candidates.begin(), candidates.end(), value) != candidates.end();
}

bool group_matches(const std::string& pattern, const std::string& name) { return std::regex_search(name, std::regex(pattern)); }

// NUnit spells results with a capital: Passed, Failed, Skipped, Inconclusive.
std::string nunit_result(const std::string& outcome) {
    std::string result = outcome;
    if (!result.empty())
        result[0] = static_cast<char>(result[0] - 'a' + 'A');
    return result;
}

void add(Poco::XML::AttributesImpl& attributes, const char* name, const std::string& value) {
    attributes.addAttribute("", "", name, "CDATA", value);
}

void text_element(Poco::XML::XMLWriter& writer, const char* name, const std::string& text) {
    writer.startElement("", "", name);
    writer.characters(text);
    writer.endElement("", "", name);
}

} // namespace

std::string load_test_fixture(TestRunnerState& state, const rapidjson::Value& fixture) {
    if (!fixture.IsObject())
        return "fixture tests must be an object";
    if (fixture.HasMember("caseMs")) {
        if (!fixture["caseMs"].IsInt64() || fixture["caseMs"].GetInt64() < 0)
            return "fixture tests.caseMs must be a whole number of milliseconds";
        state.case_ms = fixture["caseMs"].GetInt64();
    }
    if (!fixture.HasMember("cases"))
        return {};
    if (!fixture["cases"].IsArray())
        return "fixture tests.cases must be an array";
    for (const auto& entry : fixture["cases"].GetArray()) {
        SimulatedTestCase test_case;
        test_case.mode = "EditMode";
        test_case.assembly = "Tests";
        if (!entry.IsObject() || !entry.HasMember("name") || !string_member(entry, "name", test_case.name) || test_case.name.empty())
            return "fixture tests.cases[]: each case needs a name (its full name)";
        if (!string_member(entry, "mode", test_case.mode) || (test_case.mode != "EditMode" && test_case.mode != "PlayMode"))
            return "fixture tests.cases[] " + test_case.name + ": mode must be EditMode or PlayMode";
        if (!string_member(entry, "outcome", test_case.outcome) ||
            !any_equal({"passed", "failed", "skipped", "inconclusive"}, test_case.outcome))
            return "fixture tests.cases[] " + test_case.name + ": outcome must be passed, failed, skipped or inconclusive";
        if (!string_member(entry, "assembly", test_case.assembly) || !string_member(entry, "message", test_case.message) ||
            !string_member(entry, "stackTrace", test_case.stack_trace))
            return "fixture tests.cases[] " + test_case.name + ": assembly, message and stackTrace must be strings";
        if (entry.HasMember("categories")) {
            if (!entry["categories"].IsArray())
                return "fixture tests.cases[] " + test_case.name + ": categories must be an array of strings";
            for (const auto& category : entry["categories"].GetArray()) {
                if (!category.IsString())
                    return "fixture tests.cases[] " + test_case.name + ": categories must be an array of strings";
                test_case.categories.emplace_back(category.GetString());
            }
        }
        state.cases.push_back(std::move(test_case));
    }
    return {};
}

std::string invalid_group_name(const TestFilter& filter) {
    for (const auto& pattern : filter.group_names) {
        try {
            std::regex checked(pattern);
        } catch (const std::regex_error& error) {
            return "params.groupNames holds an invalid regular expression '" + pattern + "': " + error.what();
        }
    }
    return {};
}

bool filter_takes(const TestFilter& filter, const SimulatedTestCase& test_case) {
    if (test_case.mode != filter.mode)
        return false;
    if (!filter.test_names.empty() && !any_equal(filter.test_names, test_case.name))
        return false;
    if (!filter.group_names.empty() &&
        std::none_of(filter.group_names.begin(), filter.group_names.end(), [&](const std::string& group) { return group_matches(group, test_case.name); }))
        return false;
    if (!filter.category_names.empty() && std::none_of(test_case.categories.begin(), test_case.categories.end(),
                                                       [&](const std::string& category) { return any_equal(filter.category_names, category); }))
        return false;
    return filter.assembly_names.empty() || any_equal(filter.assembly_names, test_case.assembly);
}

std::string nunit_results_xml(const TestRunOutcome& outcome) {
    std::map<std::string, int> counts;
    std::map<std::string, std::vector<const SimulatedTestCase*>> by_assembly;
    for (const auto& test_case : outcome.finished) {
        ++counts[test_case.outcome];
        by_assembly[test_case.assembly].push_back(&test_case);
    }
    std::ostringstream stream;
    Poco::XML::XMLWriter writer(stream, Poco::XML::XMLWriter::WRITE_XML_DECLARATION | Poco::XML::XMLWriter::PRETTY_PRINT);
    writer.startDocument();
    Poco::XML::AttributesImpl run;
    add(run, "id", std::to_string(outcome.id));
    add(run, "testcasecount", std::to_string(outcome.total));
    add(run, "result", counts["failed"] > 0 ? "Failed" : "Passed");
    add(run, "total", std::to_string(outcome.finished.size()));
    for (const char* kind : {"passed", "failed", "inconclusive", "skipped"})
        add(run, kind, std::to_string(counts[kind]));
    add(run, "duration", std::to_string(static_cast<double>(outcome.elapsed_ms) / 1000.0));
    writer.startElement("", "", "test-run", run);
    for (const auto& [assembly, cases] : by_assembly) {
        Poco::XML::AttributesImpl suite;
        add(suite, "type", "Assembly");
        add(suite, "name", assembly + ".dll");
        add(suite, "testcasecount", std::to_string(cases.size()));
        writer.startElement("", "", "test-suite", suite);
        for (const SimulatedTestCase* test_case : cases) {
            Poco::XML::AttributesImpl attributes;
            add(attributes, "name", test_case->name.substr(test_case->name.find_last_of('.') + 1));
            add(attributes, "fullname", test_case->name);
            add(attributes, "result", nunit_result(test_case->outcome));
            writer.startElement("", "", "test-case", attributes);
            if (test_case->outcome == "failed" || !test_case->message.empty()) {
                const char* element = test_case->outcome == "failed" ? "failure" : "reason";
                writer.startElement("", "", element);
                text_element(writer, "message", test_case->message);
                if (!test_case->stack_trace.empty())
                    text_element(writer, "stack-trace", test_case->stack_trace);
                writer.endElement("", "", element);
            }
            writer.endElement("", "", "test-case");
        }
        writer.endElement("", "", "test-suite");
    }
    writer.endElement("", "", "test-run");
    writer.endDocument();
    return stream.str();
}

} // namespace uap::editor_sim
