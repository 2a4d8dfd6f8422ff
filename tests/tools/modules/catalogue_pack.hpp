// Tools described by a table, for the test packs that fill the catalogue (a stand-in for the Pro
// packs, a third-party pack): each call reports back the arguments it observed, so a test can tell
// what reached the tool through the discovery tools.
#pragma once

#include <uap/sdk/module.hpp>

#include <string_view>

namespace uap::catalogue_test {

// How a row's tool behaves towards Undo and permissions.
enum class Kind { Reads, UndoableWrite, Write, Destructive, LongRunning };

struct ToolRow {
    std::string_view name;
    std::string_view description;
    std::string_view input_schema;
    Kind kind;
    std::string_view japanese_description = {};
};

class TableTool final : public sdk::Tool {
public:
    explicit TableTool(const ToolRow& row) : m_row(row) {}
    std::string_view name() const override { return m_row.name; }
    std::string_view description() const override { return m_row.description; }
    std::string_view japanese_description() const override { return m_row.japanese_description; }
    std::string_view input_schema() const override { return m_row.input_schema; }
    sdk::ToolTraits traits() const override {
        switch (m_row.kind) {
        case Kind::Reads:
            return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
        case Kind::UndoableWrite:
            return {sdk::Access::Writes, sdk::Undo::Undoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick};
        case Kind::Write:
            return {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::Quick};
        case Kind::Destructive:
            return {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::Destructive, sdk::Repeat::NotIdempotent, sdk::Duration::Quick};
        case Kind::LongRunning:
            break;
        }
        return {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent, sdk::Duration::LongRunning};
    }
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext&) override {
        rapidjson::Document result(rapidjson::kObjectType);
        auto& allocator = result.GetAllocator();
        result.AddMember("tool", rapidjson::Value(m_row.name.data(), static_cast<rapidjson::SizeType>(m_row.name.size()), allocator), allocator);
        result.AddMember("observed", rapidjson::Value(arguments, allocator), allocator);
        return sdk::ToolResult::success(std::move(result));
    }

private:
    const ToolRow& m_row;
};

// A module with one tool per row; each pack derives one with its table.
class TableModule : public sdk::Module {
protected:
    template <size_t Count>
    TableModule(const sdk::ModuleContext& context, const ToolRow (&rows)[Count]) : Module(context) {
        for (const ToolRow& row : rows)
            add_tool<TableTool>(row);
    }
};

} // namespace uap::catalogue_test

// Defines the pack's module over its table of rows and exports it under the pack's identity.
#define UAP_CATALOGUE_MODULE(ModuleName, table)                                                              \
    namespace uap::catalogue_test {                                                                          \
    class ModuleName final : public TableModule {                                                            \
    public:                                                                                                  \
        explicit ModuleName(const sdk::ModuleContext& context) : TableModule(context, table) {}              \
    };                                                                                                       \
    }                                                                                                        \
    UAP_MODULE(uap::catalogue_test::ModuleName, UAP_PACK_ID, UAP_PACK_VERSION)
