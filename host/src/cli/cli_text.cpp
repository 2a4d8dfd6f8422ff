// The CLI catalogue's text. Keys are grouped by command.
#include "cli/cli_text.hpp"

#include "support/platform/platform.hpp"

#include <cstdlib>

namespace uap::cli {

const std::map<std::string, std::string>& cli_catalogue(CliLanguage language) {
    static const std::map<std::string, std::string> english = {
        {"integrations.summary",
         "Shows whether Unity's official Claude Code plugin is installed, enabled and usable, read from Claude Code's configuration "
         "folder ($CLAUDE_CONFIG_DIR, else ~/.claude), and whether uLoop is in the project. A running chat knows more: the panel "
         "shows whether it actually loaded the plugin."},
        {"integrations.json_help", "Print the states as JSON instead of text."},
        {"integrations.details", "States: cli_unavailable, not_installed, disabled, enabled_not_loaded, loaded, load_error (see docs/integrations.md)."},
        {"integrations.positional", "integrations takes no positional arguments"},
        {"integrations.project_required", "--project DIR is required (the Unity project whose settings apply)"},
        {"integrations.no_project", "the project folder does not exist; pass the Unity project's folder to --project"},
        {"integrations.config", "Claude Code configuration:"},
        {"integrations.unknown", "(unknown: neither CLAUDE_CONFIG_DIR nor HOME is set)"},
        {"integrations.problem", "problem:"},
        {"integrations.steering", "steering lines for the agent:"},
        {"integrations.on", "on"},
        {"integrations.off", "off"},
        {"integrations.uloop", "uLoop:"},
        {"plugin.cli_unavailable", "The claude CLI was not found; `uap-host doctor` shows where it was looked for."},
        {"plugin.not_installed", "Not installed. Install it from the panel, or run `claude plugin marketplace add Unity-Technologies/unity-agent-plugin` then `claude plugin install unity@unity-agent-plugin --scope user`."},
        {"plugin.disabled", "Installed but turned off. Run `claude plugin enable unity@unity-agent-plugin`; it takes effect in the next chat."},
        {"plugin.enabled_not_loaded", "Installed and enabled; a chat started now loads it."},
        {"plugin.loaded", "Loaded."},
        {"plugin.load_error", "Claude Code could not load it; `claude plugin list` shows why."},
        {"uloop.not_installed", "not in this project"},
        {"uloop.resolving", "in Packages/manifest.json, not resolved by Unity yet"},
        {"uloop.installed", "installed"},
    };
    static const std::map<std::string, std::string> japanese = {
        {"integrations.summary",
         "Unity 公式 Claude Code プラグインが導入・有効化され使える状態かを、Claude Code の設定フォルダ($CLAUDE_CONFIG_DIR、"
         "なければ ~/.claude)から読んで表示し、uLoop がプロジェクトにあるかも示します。実行中のチャットが実際に読み込んだかは"
         "パネルに表示されます。"},
        {"integrations.json_help", "状態をテキストではなく JSON で出力します。"},
        {"integrations.details", "状態: cli_unavailable, not_installed, disabled, enabled_not_loaded, loaded, load_error(docs/integrations.md を参照)。"},
        {"integrations.positional", "integrations は位置引数を取りません"},
        {"integrations.project_required", "--project DIR が必要です(設定を使う Unity プロジェクト)"},
        {"integrations.no_project", "プロジェクトフォルダがありません。--project に Unity プロジェクトのフォルダを指定してください"},
        {"integrations.config", "Claude Code の設定:"},
        {"integrations.unknown", "(不明: CLAUDE_CONFIG_DIR も HOME も設定されていません)"},
        {"integrations.problem", "問題:"},
        {"integrations.steering", "エージェントへの誘導行:"},
        {"integrations.on", "オン"},
        {"integrations.off", "オフ"},
        {"integrations.uloop", "uLoop:"},
        {"plugin.cli_unavailable", "claude CLI が見つかりません。探した場所は `uap-host doctor` で確認できます。"},
        {"plugin.not_installed", "未導入です。パネルから導入するか、`claude plugin marketplace add Unity-Technologies/unity-agent-plugin` の後に `claude plugin install unity@unity-agent-plugin --scope user` を実行してください。"},
        {"plugin.disabled", "導入済みですが無効です。`claude plugin enable unity@unity-agent-plugin` を実行すると次のチャットから有効になります。"},
        {"plugin.enabled_not_loaded", "導入済みで有効です。これから始めるチャットで読み込まれます。"},
        {"plugin.loaded", "読み込み済みです。"},
        {"plugin.load_error", "Claude Code が読み込めませんでした。理由は `claude plugin list` で確認できます。"},
        {"uloop.not_installed", "このプロジェクトにはありません"},
        {"uloop.resolving", "Packages/manifest.json にあり、Unity による解決待ちです"},
        {"uloop.installed", "導入済み"},
    };
    return language == CliLanguage::Japanese ? japanese : english;
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

std::string cli_text(std::string_view key) {
    const std::string name(key);
    for (CliLanguage language : {cli_language(), CliLanguage::English}) {
        const auto& catalogue = cli_catalogue(language);
        if (auto found = catalogue.find(name); found != catalogue.end())
            return found->second;
    }
    return name;
}

} // namespace uap::cli
