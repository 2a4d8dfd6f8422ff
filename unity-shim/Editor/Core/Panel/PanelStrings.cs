// The Unity panel's one catalogue: every string a person reads in the window, in English and
// Japanese. The language follows the OS (the UI culture) until chosen in the window, and a change
// is announced so the window rebuilds at once. Text sent to the agent is never translated.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;

namespace AgentPanel.Panel
{
    public enum PanelLanguage { English, Japanese }

    public static class PanelStrings
    {
        public static readonly Dictionary<string, string> English = new Dictionary<string, string>
        {
            { "window.title", "Agent Panel" },
            { "window.title_card_waiting", "(!) Agent Panel" }, { "window.title_turn_finished", "✓ Agent Panel" },
            { "toolbar.new_session", "New session" }, { "toolbar.interrupt", "Interrupt" }, { "toolbar.history", "History" },
            { "toolbar.language", "日本語" },
            { "settings.model", "Model" }, { "settings.set", "Set" }, { "settings.permissions", "Permissions:" }, { "settings.auto_approve", "Auto-approve:" },
            { "history.resume", "Resume" },
            { "history.search", "Search" }, { "history.delete", "Delete" }, { "history.delete_confirm", "Delete for good?" },
            { "status.connecting", "connecting…" }, { "status.not_connected", "not connected to the host; the command was not sent" },
            { "status.waiting_for_host", "waiting for the host: {reason}" },
            { "status.line", "state: {state}   model: {model}   context: {context}   cost: ${cost}   permissions: {mode}   auto-approve: {level}" },
            { "status.context", "{percent}% ({tokens} tokens)" }, { "status.context_tokens", "{tokens} tokens" },
            { "status.refused", "   refused: {error}" }, { "status.reconnecting", "   (reconnecting: {error})" },
            { "status.plugin", "   Unity plugin: {state}" },
            { "card.you", "You: {text}" }, { "card.tool_error", "error: " }, { "card.tool_running", "(running)" },
            { "card.turn_finished", "— turn {turn} finished ({result})" }, { "card.compacted", "(context compacted)" }, { "code.copy", "Copy" },
            { "card.thinking", "Thinking" }, { "card.thinking_truncated", "… (the rest is cut)" },
            { "card.tool_done", "done" }, { "card.tool_failed", "error" }, { "card.tool_input", "Input" }, { "card.tool_result", "Result" },
            { "card.retry", "Retry" }, { "card.edit", "Edit" }, { "card.send_edit", "Send" }, { "card.cancel_edit", "Cancel" },
            { "card.revert", "Revert turn" }, { "card.continue", "Continue" }, { "card.revert_keeps", "Revert leaves these as they are:" },
            { "card.reverted", "Turn {turn} reverted ({step})" }, { "card.reverted_kept", "; not reverted: {tools}" },
            { "card.not_reverted", "Turn {turn} not reverted: {reason}" },
            { "quick_actions.label", "Quick actions:" },
            { "permission.ask", "Allow {tool}?" }, { "permission.read_only", " [read-only]" }, { "permission.undoable", " [undoable]" },
            { "permission.destructive", " [DESTRUCTIVE]" },
            { "permission.allow", "Allow" }, { "permission.deny", "Deny" },
            { "permission.always_rule", "Always allow {rule}" },
            { "question.title", "The agent asks" }, { "question.other", "Other:" }, { "question.submit", "Submit" }, { "question.skip", "Skip" },
            { "question.answer_all", "Answer every question, or Skip: \"{question}\" has no answer." },
            { "permission.diff_summary", "+{added} −{removed}" }, { "permission.diff_new_file", "new file, +{added}" },
            { "permission.diff_more_lines", "… {count} more lines" }, { "permission.diff_truncated", "The diff is longer than the card shows; the rest is cut." },
            { "permission.no_preview", "No preview: {reason}." },
            { "settings.bypass", "bypassPermissions…" },
            { "bypass.warning", "Skip every permission check? In bypassPermissions mode the agent runs every tool without asking you: Bash commands, file edits and deletions, menu items, play mode, every MCP tool. The auto-approve level, the tools that always ask and your always-allow rules no longer apply; only the script gate still stops direct writes of scripts under Assets. Choose it only in a throwaway project or a sandbox." },
            { "bypass.confirm", "Turn on bypassPermissions" }, { "bypass.cancel", "Keep asking" },
            { "integrations.install_plugin", "Install Unity's Claude Code plugin (all of your Claude Code, next chat)" },
            { "integrations.uloop_preset", "Apply the uLoop allow-list preset" },
            { "install.running", "   installing the plugin: {step}, {seconds} s" }, { "install.succeeded", "   plugin installed: it takes effect in the next chat" },
            { "install.failed", "   plugin install failed: {message}" },
            { "plugin.cli_unavailable", "CLI not found" }, { "plugin.not_installed", "not installed" }, { "plugin.disabled", "turned off" },
            { "plugin.enabled_not_loaded", "installed, not loaded by this chat" }, { "plugin.loaded", "loaded" }, { "plugin.load_error", "failed to load" },
            { "signin.title.cli_missing", "Claude Code is not installed" }, { "signin.title.cli_too_old", "Claude Code is too old" },
            { "signin.title.signed_out", "Claude Code is not signed in" }, { "signin.title.login_rejected", "The sign-in was refused" },
            { "signin.title.check_failed", "The sign-in could not be checked" },
            { "signin.explain.cli_missing", "The agent runs the claude command-line tool, and it was not found. Install it in a terminal with the command below (or set cli_path in the agent settings), then check again." },
            { "signin.explain.cli_too_old", "This version of the claude command-line tool is older than the panel was tested with. Update it in a terminal with the command below, then check again." },
            { "signin.explain.signed_out", "Sign in once in a terminal with the command below (your Claude subscription, or an Anthropic Console account), then check again. An ANTHROPIC_API_KEY in the host's environment works too, unless \"subscription only\" is on." },
            { "signin.explain.login_rejected", "Anthropic's API refused the credentials during the last turn: the login expired or the key is not valid. Sign in again with the command below, then check again." },
            { "signin.explain.check_failed", "The claude command did not say whether it is signed in. Run the command below in a terminal to see its answer; the agent may still work." },
            { "signin.check_again", "Check again" }, { "signin.checking", "Checking…" }, { "signin.copy", "Copy" },
            { "signin.subscription_only", "Subscription only: keep ANTHROPIC_API_KEY from the agent (restarts the CLI between turns)" },
            { "chips.kind.pin", "Pin" }, { "chips.kind.sketch", "Sketch" }, { "chips.kind.selection", "Selection" }, { "chips.kind.console", "Console" },
            { "chips.kind.scene", "Scene" }, { "chips.kind.asset", "Asset" }, { "chips.kind.object", "Object" },
            { "chips.scene", "Scene summary" },
            { "chips.scene_hint", "Made from the editor when you attach it: the open scenes and their root objects." },
            { "chips.bytes", "{count} B" }, { "chips.kilobytes", "{count} KB" },
            { "chips.attached", "Attached to the next message: {count} ({size})" }, { "chips.none_attached", "Context (click to attach; drop assets or objects on the message box):" },
            { "chips.ask_to_fix", "Ask Claude to fix" },
        };

        public static readonly Dictionary<string, string> Japanese = new Dictionary<string, string>
        {
            { "window.title", "エージェントパネル" },
            { "window.title_card_waiting", "(!) エージェントパネル" }, { "window.title_turn_finished", "✓ エージェントパネル" },
            { "toolbar.new_session", "新しいセッション" }, { "toolbar.interrupt", "中断" }, { "toolbar.history", "履歴" },
            { "toolbar.language", "English" },
            { "settings.model", "モデル" }, { "settings.set", "設定" }, { "settings.permissions", "権限:" }, { "settings.auto_approve", "自動承認:" },
            { "history.resume", "再開" },
            { "history.search", "検索" }, { "history.delete", "削除" }, { "history.delete_confirm", "完全に削除しますか?" },
            { "status.connecting", "接続中…" }, { "status.not_connected", "ホストに接続していないため、コマンドは送られませんでした" },
            { "status.waiting_for_host", "ホストを待っています: {reason}" },
            { "status.line", "状態: {state}   モデル: {model}   コンテキスト: {context}   費用: ${cost}   権限: {mode}   自動承認: {level}" },
            { "status.context", "{percent}%({tokens} トークン)" }, { "status.context_tokens", "{tokens} トークン" },
            { "status.refused", "   拒否: {error}" }, { "status.reconnecting", "   (再接続中: {error})" },
            { "status.plugin", "   Unity プラグイン: {state}" },
            { "card.you", "あなた: {text}" }, { "card.tool_error", "エラー: " }, { "card.tool_running", "(実行中)" },
            { "card.turn_finished", "— ターン {turn} 終了({result})" }, { "card.compacted", "(コンテキストを圧縮しました)" }, { "code.copy", "コピー" },
            { "card.thinking", "思考" }, { "card.thinking_truncated", "…(以降は省略)" },
            { "card.tool_done", "完了" }, { "card.tool_failed", "エラー" }, { "card.tool_input", "入力" }, { "card.tool_result", "結果" },
            { "card.retry", "やり直す" }, { "card.edit", "編集" }, { "card.send_edit", "送信" }, { "card.cancel_edit", "キャンセル" },
            { "card.revert", "ターンを取り消す" }, { "card.continue", "続ける" }, { "card.revert_keeps", "取り消しても次の変更はそのまま残ります:" },
            { "card.reverted", "ターン {turn} を取り消しました ({step})" }, { "card.reverted_kept", "。取り消されていないもの: {tools}" },
            { "card.not_reverted", "ターン {turn} は取り消せませんでした: {reason}" },
            { "quick_actions.label", "クイックアクション:" },
            { "permission.ask", "{tool} を許可しますか?" }, { "permission.read_only", " [読み取り専用]" }, { "permission.undoable", " [元に戻せる]" },
            { "permission.destructive", " [破壊的]" },
            { "permission.allow", "許可" }, { "permission.deny", "拒否" },
            { "permission.always_rule", "常に許可: {rule}" },
            { "question.title", "エージェントからの質問" }, { "question.other", "その他:" }, { "question.submit", "回答する" }, { "question.skip", "スキップ" },
            { "question.answer_all", "すべての質問に答えるか、スキップしてください。「{question}」に回答がありません。" },
            { "permission.diff_summary", "+{added} −{removed}" }, { "permission.diff_new_file", "新しいファイル、+{added}" },
            { "permission.diff_more_lines", "… ほかに {count} 行" }, { "permission.diff_truncated", "差分がカードに収まらないため、残りは省略しています。" },
            { "permission.no_preview", "プレビューなし: {reason}。" },
            { "settings.bypass", "bypassPermissions…" },
            { "bypass.warning", "すべての権限確認を省略しますか? bypassPermissions モードでは、エージェントはすべてのツールを確認なしで実行します: Bash コマンド、ファイルの編集と削除、メニュー実行、Play モード、すべての MCP ツール。自動承認レベル、毎回確認するツール、常に許可するルールは効かなくなり、Assets 配下のスクリプトへの直接書き込みを止めるスクリプトゲートだけが残ります。使い捨てのプロジェクトやサンドボックスでだけ選んでください。" },
            { "bypass.confirm", "bypassPermissions をオンにする" }, { "bypass.cancel", "確認を続ける" },
            { "integrations.install_plugin", "Unity の Claude Code プラグインを導入(Claude Code 全体、次のチャットから)" },
            { "integrations.uloop_preset", "uLoop の許可リストのプリセットを適用" },
            { "install.running", "   プラグインを導入中: {step}、{seconds} 秒" }, { "install.succeeded", "   プラグインを導入しました: 次のチャットから反映されます" },
            { "install.failed", "   プラグインの導入に失敗しました: {message}" },
            { "plugin.cli_unavailable", "CLI が見つかりません" }, { "plugin.not_installed", "未導入" }, { "plugin.disabled", "無効" },
            { "plugin.enabled_not_loaded", "導入済み・このチャットでは未読み込み" }, { "plugin.loaded", "読み込み済み" }, { "plugin.load_error", "読み込み失敗" },
            { "signin.title.cli_missing", "Claude Code がインストールされていません" }, { "signin.title.cli_too_old", "Claude Code が古すぎます" },
            { "signin.title.signed_out", "Claude Code にサインインしていません" }, { "signin.title.login_rejected", "サインインが拒否されました" },
            { "signin.title.check_failed", "サインインを確認できませんでした" },
            { "signin.explain.cli_missing", "エージェントは claude コマンドラインツールで動きますが、見つかりませんでした。ターミナルで下のコマンドを実行してインストールし(またはエージェント設定の cli_path を指定し)、もう一度確認してください。" },
            { "signin.explain.cli_too_old", "この claude コマンドラインツールは、パネルがテストされたバージョンより古いものです。ターミナルで下のコマンドを実行して更新し、もう一度確認してください。" },
            { "signin.explain.signed_out", "ターミナルで下のコマンドを一度実行してサインインし(Claude のサブスクリプション、または Anthropic Console のアカウント)、もう一度確認してください。「サブスクリプションのみ」がオフなら、ホストの環境の ANTHROPIC_API_KEY でも動きます。" },
            { "signin.explain.login_rejected", "直前のターンで Anthropic の API が認証情報を拒否しました。ログインの期限が切れたか、キーが無効です。下のコマンドでサインインし直し、もう一度確認してください。" },
            { "signin.explain.check_failed", "claude コマンドがサインイン状態を返しませんでした。ターミナルで下のコマンドを実行して答えを確認してください。エージェントはそのまま動く場合もあります。" },
            { "signin.check_again", "もう一度確認" }, { "signin.checking", "確認中…" }, { "signin.copy", "コピー" },
            { "signin.subscription_only", "サブスクリプションのみ: ANTHROPIC_API_KEY をエージェントに渡さない(ターンの合間に CLI を再起動します)" },
            { "chips.kind.pin", "ピン" }, { "chips.kind.sketch", "スケッチ" }, { "chips.kind.selection", "選択" }, { "chips.kind.console", "コンソール" },
            { "chips.kind.scene", "シーン" }, { "chips.kind.asset", "アセット" }, { "chips.kind.object", "オブジェクト" },
            { "chips.scene", "シーンの概要" },
            { "chips.scene_hint", "添付したときにエディターから作ります: 開いているシーンとそのルートオブジェクト。" },
            { "chips.bytes", "{count} B" }, { "chips.kilobytes", "{count} KB" },
            { "chips.attached", "次のメッセージに添付: {count} 件 ({size})" }, { "chips.none_attached", "コンテキスト(クリックで添付。アセットやオブジェクトはメッセージ欄にドロップ):" },
            { "chips.ask_to_fix", "Claude に修正を依頼" },
        };

        static readonly Regex Placeholder = new Regex(@"\{(\w+)\}", RegexOptions.CultureInvariant);
        static PanelLanguage s_language = FromCulture(CultureInfo.CurrentUICulture.Name);

        // Raised after the language changed; the window rebuilds itself.
        public static event Action Changed;

        public static PanelLanguage Language
        {
            get { return s_language; }
            set
            {
                if (value == s_language)
                    return;
                s_language = value;
                if (Changed != null)
                    Changed();
            }
        }

        // Japanese for any "ja" culture (ja, ja-JP), English otherwise.
        public static PanelLanguage FromCulture(string cultureName)
        {
            return cultureName != null && (cultureName == "ja" || cultureName.StartsWith("ja-", StringComparison.OrdinalIgnoreCase))
                ? PanelLanguage.Japanese : PanelLanguage.English;
        }

        // The text in the current language; {name} placeholders are filled from pairs of name, value.
        public static string Get(string key, params string[] namesAndValues)
        {
            string text;
            if (!(s_language == PanelLanguage.Japanese ? Japanese : English).TryGetValue(key, out text) && !English.TryGetValue(key, out text))
                text = key;
            var values = new Dictionary<string, string>();
            for (int index = 0; index + 1 < namesAndValues.Length; index += 2)
                values[namesAndValues[index]] = namesAndValues[index + 1] ?? string.Empty;
            return Placeholder.Replace(text, match => values.ContainsKey(match.Groups[1].Value) ? values[match.Groups[1].Value] : match.Value);
        }

        // The placeholder names of a text, sorted (for the parity check).
        public static List<string> PlaceholdersOf(string text)
        {
            var names = new List<string>();
            foreach (Match match in Placeholder.Matches(text))
                names.Add(match.Groups[1].Value);
            names.Sort(StringComparer.Ordinal);
            return names;
        }
    }
}
