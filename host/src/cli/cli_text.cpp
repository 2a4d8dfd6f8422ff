// The CLI catalogue's lookup, and the text of uap-host itself, its shared options and `integrations`.
// The other commands' text is in cli_text_modules.cpp and cli_text_serve.cpp; keys are grouped by command.
#include "cli/cli_text.hpp"

#include "cli/cli_text_entries.hpp"
#include "support/command_line.hpp"
#include "support/platform/platform.hpp"

namespace uap::cli {

const CliTextEntries& general_text() {
    static const CliTextEntries entries = {
        {"main.title", "uap-host — Agent Panel for Unity host", "uap-host — Agent Panel for Unity のホスト"},
        {"main.integrations_note", "Unity's Claude Code plugin: installed, enabled, loaded",
         "Unity の Claude Code プラグイン: 導入・有効化・読み込みの状態"},
        {"main.skills_note", "Claude Code skills that call the tools without MCP", "MCP を使わずにツールを呼ぶ Claude Code スキル"},
        {"main.open_note", "the browser panel: a one-time sign-in link", "ブラウザのパネル: 一度だけ使えるサインインリンク"},
        {"main.hook_note", "the script gate; Claude Code runs it", "スクリプトゲート。Claude Code が実行します"},
        {"main.footer",
         "Every command and subcommand takes --help, e.g. `uap-host serve --help`, `uap-host modules enable --help`.\n"
         "Logs go to stderr (serve --log-file FILE: to a file); set UAP_LOG_LEVEL to debug, info, warn (default) or error.\n"
         "Exit codes: 0 success, 1 failure, 2 usage error.",
         "どのコマンドとサブコマンドも --help を受け付けます(例: `uap-host serve --help`、`uap-host modules enable --help`)。\n"
         "ログは stderr に出ます(serve --log-file FILE ではファイルへ)。UAP_LOG_LEVEL に debug、info、warn(既定)、error のいずれかを設定できます。\n"
         "終了コード: 0 成功、1 失敗、2 使い方の誤り。"},
        {"main.unknown_command", "unknown command \"{command}\" (try --help)", "不明なコマンドです: \"{command}\"(--help を試してください)"},
        {"main.unexpected_error", "unexpected error: {error}", "予期しないエラー: {error}"},
        // The command-line parser's own words (support/command_line), handed to it by main.
        {"parser.usage", "usage:", "使い方:"},
        {"parser.options", "options:", "オプション:"},
        {"parser.show_help", "show this help", "このヘルプを表示します"},
        {"parser.unknown_option", "unknown option --{option}", "不明なオプションです: --{option}"},
        {"parser.takes_no_value", "--{option} takes no value", "--{option} は値を取りません"},
        {"parser.needs_value", "--{option} needs a value ({value})", "--{option} には値が必要です({value})"},

        {"common.project_help", "the Unity project (its settings, toggles and running host)",
         "Unity プロジェクト(その設定、オン/オフの切り替え、実行中のホスト)"},
        {"common.plugins_help", "also load packs from DIR (repeatable; shadows an installed pack of the same id)",
         "DIR のパックも読み込む(繰り返し指定可。同じ ID の導入済みパックより優先)"},
        {"common.json_help", "print JSON instead of text", "テキストではなく JSON で出力する"},
        {"common.no_project_folder", "project folder {path} does not exist", "プロジェクトフォルダ {path} がありません"},
        {"action.unknown", "unknown {group} action \"{action}\"", "{group} に \"{action}\" という操作はありません"},

        {"integrations.summary",
         "Shows whether Unity's official Claude Code plugin is installed, enabled and usable, read from Claude Code's configuration "
         "folder ($CLAUDE_CONFIG_DIR, else ~/.claude), and whether uLoop is in the project. A running chat knows more: the panel "
         "shows whether it actually loaded the plugin.",
         "Unity 公式 Claude Code プラグインが導入・有効化され使える状態かを、Claude Code の設定フォルダ($CLAUDE_CONFIG_DIR、"
         "なければ ~/.claude)から読んで表示し、uLoop がプロジェクトにあるかも示します。実行中のチャットが実際に読み込んだかは"
         "パネルに表示されます。"},
        {"integrations.json_help", "Print the states as JSON instead of text.", "状態をテキストではなく JSON で出力します。"},
        {"integrations.details",
         "States: cli_unavailable, not_installed, disabled, enabled_not_loaded, loaded, load_error (see docs/integrations.md).",
         "状態: cli_unavailable, not_installed, disabled, enabled_not_loaded, loaded, load_error(docs/integrations.md を参照)。"},
        {"integrations.positional", "integrations takes no positional arguments", "integrations は位置引数を取りません"},
        {"integrations.project_required", "--project DIR is required (the Unity project whose settings apply)",
         "--project DIR が必要です(設定を使う Unity プロジェクト)"},
        {"integrations.no_project", "{path}: the project folder does not exist; pass the Unity project's folder to --project",
         "{path}: プロジェクトフォルダがありません。--project に Unity プロジェクトのフォルダを指定してください"},
        {"integrations.config", "Claude Code configuration:", "Claude Code の設定:"},
        {"integrations.unknown", "(unknown: neither CLAUDE_CONFIG_DIR nor HOME is set)", "(不明: CLAUDE_CONFIG_DIR も HOME も設定されていません)"},
        {"integrations.problem", "problem:", "問題:"},
        {"integrations.steering", "steering lines for the agent:", "エージェントへの誘導行:"},
        {"integrations.on", "on", "オン"},
        {"integrations.off", "off", "オフ"},
        {"integrations.uloop", "uLoop:", "uLoop:"},
        {"plugin.cli_unavailable", "The claude CLI was not found; `uap-host doctor` shows where it was looked for.",
         "claude CLI が見つかりません。探した場所は `uap-host doctor` で確認できます。"},
        {"plugin.not_installed",
         "Not installed. Install it from the panel, or run `claude plugin marketplace add Unity-Technologies/unity-agent-plugin` then "
         "`claude plugin install unity@unity-agent-plugin --scope user`.",
         "未導入です。パネルから導入するか、`claude plugin marketplace add Unity-Technologies/unity-agent-plugin` の後に "
         "`claude plugin install unity@unity-agent-plugin --scope user` を実行してください。"},
        {"plugin.disabled", "Installed but turned off. Run `claude plugin enable unity@unity-agent-plugin`; it takes effect in the next chat.",
         "導入済みですが無効です。`claude plugin enable unity@unity-agent-plugin` を実行すると次のチャットから有効になります。"},
        {"plugin.enabled_not_loaded", "Installed and enabled; a chat started now loads it.", "導入済みで有効です。これから始めるチャットで読み込まれます。"},
        {"plugin.loaded", "Loaded.", "読み込み済みです。"},
        {"plugin.load_error", "Claude Code could not load it; `claude plugin list` shows why.",
         "Claude Code が読み込めませんでした。理由は `claude plugin list` で確認できます。"},
        {"uloop.not_installed", "not in this project", "このプロジェクトにはありません"},
        {"uloop.resolving", "in Packages/manifest.json, not resolved by Unity yet", "Packages/manifest.json にあり、Unity による解決待ちです"},
        {"uloop.installed", "installed", "導入済み"},
    };
    return entries;
}

const std::map<std::string, std::string>& cli_catalogue(CliLanguage language) {
    static const auto catalogues = [] {
        std::map<std::string, std::string> english, japanese;
        for (const CliTextEntries* group : {&general_text(), &module_text(), &serving_text()})
            for (const auto& entry : *group) {
                english.emplace(entry.key, entry.english);
                japanese.emplace(entry.key, entry.japanese);
            }
        return std::pair(std::move(english), std::move(japanese));
    }();
    return language == CliLanguage::Japanese ? catalogues.second : catalogues.first;
}

CliLanguage language_of_locale(std::string_view locale) {
    return locale.substr(0, 2) == "ja" ? CliLanguage::Japanese : CliLanguage::English;
}

CliLanguage cli_language() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (auto value = platform::environment_value(name); value && !value->empty())
            return language_of_locale(*value);
    return CliLanguage::English;
}

std::string fill_placeholders(std::string_view text, std::initializer_list<TextParameter> parameters) {
    std::string filled;
    size_t start = 0;
    while (start < text.size()) {
        size_t open = text.find('{', start);
        size_t close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos)
            break;
        filled.append(text.substr(start, open - start));
        std::string_view name = text.substr(open + 1, close - open - 1);
        const TextParameter* parameter = nullptr;
        for (const auto& candidate : parameters)
            if (candidate.first == name)
                parameter = &candidate;
        // A value is inserted as it is, never read again for placeholders (a path may hold braces).
        filled += parameter ? std::string_view(parameter->second) : text.substr(open, close - open + 1);
        start = close + 1;
    }
    if (start < text.size())
        filled.append(text.substr(start));
    return filled;
}

std::string cli_text(std::string_view key, std::initializer_list<TextParameter> parameters) {
    const std::string name(key);
    for (CliLanguage language : {cli_language(), CliLanguage::English}) {
        const auto& catalogue = cli_catalogue(language);
        if (auto found = catalogue.find(name); found != catalogue.end())
            return fill_placeholders(found->second, parameters);
    }
    return name;
}

void translate_parser() {
    command_line::use_words({cli_text("parser.usage"), cli_text("parser.options"), cli_text("parser.show_help"), cli_text("parser.unknown_option"),
                             cli_text("parser.takes_no_value"), cli_text("parser.needs_value")});
}

} // namespace uap::cli
