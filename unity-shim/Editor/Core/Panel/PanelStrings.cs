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
            { "transcript.jump_to_latest", "Jump to latest ↓" }, { "mention.truncated", "More entries: type more of the name." },
            { "card.revert", "Revert turn" }, { "card.continue", "Continue" }, { "card.revert_keeps", "Revert leaves these as they are:" },
            { "card.reverted", "Turn {turn} reverted ({step})" }, { "card.reverted_kept", "; not reverted: {tools}" },
            { "card.not_reverted", "Turn {turn} not reverted: {reason}" },
            { "quick_actions.label", "Quick actions:" },
            { "permission.ask", "Allow {tool}?" }, { "permission.read_only", " [read-only]" }, { "permission.undoable", " [undoable]" },
            { "permission.destructive", " [DESTRUCTIVE]" },
            { "permission.allow", "Allow" }, { "permission.deny", "Deny" },
            { "permission.always_rule", "Always allow {rule}" },
            { "permission.keys", "With the card selected: Y allows, N denies." },
            { "permission.keys_always", "With the card selected: Y allows, N denies, A always allows {rule}." },
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
            { "card.subagent", "Subagent" }, { "card.subagent_task", "Task for the subagent: {text}" },
            { "card.subagent_work", "What the subagent did" }, { "card.subagent_finished", "subagent {status}" },
            { "instructions.title", "Custom instructions" }, { "instructions.save", "Save" },
            { "instructions.help", "Your own guidance for the agent in this project (naming rules, folders to leave alone, the tone of answers), added to its instructions from the next message on. At most 16 KiB; longer guidance belongs in a project profile." },
            { "instructions.saved", "Saved: the next message carries them." },
            { "own_actions.title", "Quick actions" }, { "own_actions.label", "Label" }, { "own_actions.prompt", "Prompt" }, { "own_actions.add", "Add" },
            { "own_actions.help", "Your own canned prompts for this project, shown above the message box. Choosing one fills the box; nothing is sent until you send it." },
            { "own_actions.none", "No quick actions of your own yet." }, { "own_actions.saved", "Saved for this project." }, { "own_actions.delete", "Delete" },
            // The host's notices by key (notice events' key and params): the English is the host's template, word for word.
            { "notice.allow_list_after_turn", "the CLI reads its allow list only when it starts, so it is restarted with --resume when the current turn ends (until then it still applies {rules}) and asks again for what {rules} allowed" },
            { "notice.allow_list_now", "the CLI reads its allow list only when it starts, so it is restarted with --resume now and asks again for what {rules} allowed" },
            { "notice.answer_not_sent", "the answer could not be sent: {error}" },
            { "notice.api_retry", "the API call failed and is retried (attempt {attempt})" },
            { "notice.background_task_finished", "the agent goes on by itself: a background task it started (e.g. a subagent) has finished" },
            { "notice.broad_allow_rule", "the saved always-allow rule \"{rule}\" allows every {rule} call anywhere, without asking (an older \"Always allow\" button saved the whole tool for one file or command); if you meant less, delete it in the panel's settings (remove_always_allow)" },
            { "notice.bypass_mode", "the CLI runs in bypassPermissions mode (permission_mode in {file}): every tool runs without a permission card and only the script gate's hook still holds; choose another permission mode in the panel to be asked again" },
            { "notice.cli_option_rejected", "the claude CLI{version} rejected a command-line option this host relies on: {detail}. Install the tested version: {command}" },
            { "notice.deny_list_after_turn", "the CLI reads its deny list only when it starts, so it is restarted with --resume when the current turn ends; until then the host's broker applies the new list to every call the CLI asks about" },
            { "notice.deny_list_now", "the CLI reads its deny list only when it starts, so it is restarted with --resume now" },
            { "notice.editor_compile_failed", "the scripts do not compile: {count} error(s)" },
            { "notice.editor_compile_failed_first", "the scripts do not compile: {count} error(s); first: {where}: {message}" },
            { "notice.editor_compiled", "the scripts compiled" },
            { "notice.editor_compiling", "compiling scripts" },
            { "notice.editor_console_summary", "Console: {repeated} error(s) repeated ({entries} entries in all), {suppressed} more not shown one by one (rate limit)" },
            { "notice.editor_modal_closed", "modal dialog closed: \"{title}\"" },
            { "notice.editor_modal_open", "modal dialog open: \"{title}\"" },
            { "notice.editor_play_mode", "play mode: {previous} -> {state}" },
            { "notice.editor_prefab_closed", "prefab mode closed: {path}" },
            { "notice.editor_prefab_open", "prefab mode: {path}" },
            { "notice.gate_inactive", "the script gate is NOT active: the host binary for its hook is unknown" },
            { "notice.handshake_failed", "the CLI did not complete its handshake: {error}" },
            { "notice.interrupt_unacknowledged", "the interrupt was not acknowledged: {error}" },
            { "notice.mcp_not_reconnected", "the MCP server was not reconnected: {error}" },
            { "notice.mcp_reconnect_rejected", "the CLI{version} rejected mcp_reconnect ({error}); instead, the CLI is restarted with --resume when the current turn ends, which reloads the host's tools" },
            { "notice.mcp_reconnected", "the MCP server was reconnected" },
            { "notice.mcp_server_status", "the host's MCP server is {status} in the CLI; Unity tools are unavailable" },
            { "notice.message_after_restart", "the message will be sent once the CLI has restarted {reason}" },
            { "notice.message_not_delivered", "the message \"{message}\" was not delivered: {reason}. Start a new session or resume this one, then send it again" },
            { "notice.message_resent", "1 message had not reached the conversation when the CLI stopped; sent again once the session has resumed" },
            { "notice.message_when_back", "the message will be sent when the CLI is back" },
            { "notice.message_write_failed", "the message could not be written to the CLI ({error}); it is sent once the CLI has restarted" },
            { "notice.messages_resent", "{count} messages had not reached the conversation when the CLI stopped; sent again once the session has resumed" },
            { "notice.mode_not_changed", "the permission mode was not changed: {error}" },
            { "notice.model_not_changed", "the model was not changed: {error}" },
            { "notice.pack_disabled", "module pack {pack} is disabled for this run of the host: {reason}. Restart the host (`uap-host serve`) to try it again, or turn it off with `uap-host modules disable {pack} --project {project}`" },
            { "notice.project_tools_unserved", "Some of the project's C# tools are not served: {problems}" },
            { "notice.prompt_tool_rejected", "the claude CLI{version} rejected --permission-prompt-tool, so it cannot ask for permission on the panel. It is restarted with a fixed allow list: the always-allow rules and the tools the auto-approve level ({level}) allows; it refuses every other tool, and the script gate still holds. Install the tested version to get permission cards back: {command}" },
            { "notice.reopen_failed", "the last session could not be reopened ({error}); a new one starts" },
            { "notice.restart_failed", "the CLI could not be restarted: {error}" },
            { "notice.restart_failed_because", "the CLI could not be restarted ({reason}): {error}" },
            { "notice.restarted", "the CLI was restarted {reason}" },
            { "notice.restarted_resumed", "the CLI was restarted with --resume {reason}" },
            { "notice.rule_not_saved", "the always-allow rule could not be saved: {error}" },
            { "notice.settings_unreadable", "the agent settings could not be read ({error}); defaults are used" },
            { "notice.settings_unreadable_sign_in", "the agent settings could not be read ({error}); the login is checked with the defaults" },
            { "notice.silence", "no output from the CLI for {seconds} s; the turn is treated as finished" },
            { "notice.unattended_denied", "the permission request for {tools} was denied: no panel was open to answer it for {seconds} s. The model was told so and the turn goes on without it; keep a panel open while a turn runs, or change unattended_permission_timeout_seconds in UserSettings/AgentPanel/agent-settings.json (0 waits for an answer however long it takes)" },
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
            { "transcript.jump_to_latest", "最新へ移動 ↓" }, { "mention.truncated", "ほかにもあります。名前を続けて入力してください。" },
            { "card.revert", "ターンを取り消す" }, { "card.continue", "続ける" }, { "card.revert_keeps", "取り消しても次の変更はそのまま残ります:" },
            { "card.reverted", "ターン {turn} を取り消しました ({step})" }, { "card.reverted_kept", "。取り消されていないもの: {tools}" },
            { "card.not_reverted", "ターン {turn} は取り消せませんでした: {reason}" },
            { "quick_actions.label", "クイックアクション:" },
            { "permission.ask", "{tool} を許可しますか?" }, { "permission.read_only", " [読み取り専用]" }, { "permission.undoable", " [元に戻せる]" },
            { "permission.destructive", " [破壊的]" },
            { "permission.allow", "許可" }, { "permission.deny", "拒否" },
            { "permission.always_rule", "常に許可: {rule}" },
            { "permission.keys", "カードを選択中: Y で許可、N で拒否。" },
            { "permission.keys_always", "カードを選択中: Y で許可、N で拒否、A で {rule} を常に許可。" },
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
            { "card.subagent", "サブエージェント" }, { "card.subagent_task", "サブエージェントへのタスク: {text}" },
            { "card.subagent_work", "サブエージェントの作業" }, { "card.subagent_finished", "サブエージェント: {status}" },
            { "instructions.title", "カスタム指示" }, { "instructions.save", "保存" },
            { "instructions.help", "このプロジェクトでのエージェントへのあなた自身の指示(命名規則、触れてほしくないフォルダー、回答の口調など)。次のメッセージから指示に加わります。16 KiB まで。それより長い指針はプロジェクトのプロファイルに書いてください。" },
            { "instructions.saved", "保存しました。次のメッセージから使われます。" },
            { "own_actions.title", "クイックアクション" }, { "own_actions.label", "ラベル" }, { "own_actions.prompt", "プロンプト" }, { "own_actions.add", "追加" },
            { "own_actions.help", "このプロジェクト用の定型プロンプトです。メッセージ欄の上に表示されます。選ぶと欄に入るだけで、送信するまで何も送られません。" },
            { "own_actions.none", "自分のクイックアクションはまだありません。" }, { "own_actions.saved", "このプロジェクトに保存しました。" }, { "own_actions.delete", "削除" },
            { "notice.allow_list_after_turn", "CLI は許可リストを起動時にしか読まないため、現在のターンが終わったら --resume で再起動し(それまでは {rules} がまだ有効です)、{rules} が許可していたものを改めて確認します" },
            { "notice.allow_list_now", "CLI は許可リストを起動時にしか読まないため、いま --resume で再起動し、{rules} が許可していたものを改めて確認します" },
            { "notice.answer_not_sent", "回答を送れませんでした: {error}" },
            { "notice.api_retry", "API 呼び出しが失敗したため再試行します({attempt} 回目)" },
            { "notice.background_task_finished", "エージェントが自分で続けています: 開始したバックグラウンドタスク(サブエージェントなど)が終わりました" },
            { "notice.broad_allow_rule", "保存済みの常に許可ルール「{rule}」は、{rule} のあらゆる呼び出しを確認なしで許可します(以前の「常に許可」ボタンは、1 つのファイルやコマンドのためにツール全体を保存していました)。意図より広い場合は、パネルの設定で削除してください(remove_always_allow)" },
            { "notice.bypass_mode", "CLI は bypassPermissions モードで動いています({file} の permission_mode)。どのツールも権限カードなしで実行され、効いているのはスクリプトゲートのフックだけです。再び確認を求めるには、パネルで別の権限モードを選んでください" },
            { "notice.cli_option_rejected", "claude CLI{version} が、このホストの必要とするコマンドラインオプションを拒否しました: {detail}。テスト済みのバージョンを入れてください: {command}" },
            { "notice.deny_list_after_turn", "CLI は拒否リストを起動時にしか読まないため、現在のターンが終わったら --resume で再起動します。それまではホストのブローカーが、CLI が問い合わせる呼び出しすべてに新しいリストを適用します" },
            { "notice.deny_list_now", "CLI は拒否リストを起動時にしか読まないため、いま --resume で再起動します" },
            { "notice.editor_compile_failed", "スクリプトがコンパイルできません: エラー {count} 件" },
            { "notice.editor_compile_failed_first", "スクリプトがコンパイルできません: エラー {count} 件。最初のエラー: {where}: {message}" },
            { "notice.editor_compiled", "スクリプトのコンパイルが終わりました" },
            { "notice.editor_compiling", "スクリプトをコンパイル中" },
            { "notice.editor_console_summary", "コンソール: エラー {repeated} 件が繰り返されました(計 {entries} 件)。ほかに {suppressed} 件は個別に表示していません(頻度制限)" },
            { "notice.editor_modal_closed", "モーダルダイアログが閉じました: 「{title}」" },
            { "notice.editor_modal_open", "モーダルダイアログが開いています: 「{title}」" },
            { "notice.editor_play_mode", "プレイモード: {previous} → {state}" },
            { "notice.editor_prefab_closed", "プレハブモードを終了: {path}" },
            { "notice.editor_prefab_open", "プレハブモード: {path}" },
            { "notice.gate_inactive", "スクリプトゲートが働いていません: フック用のホスト実行ファイルが不明です" },
            { "notice.handshake_failed", "CLI がハンドシェイクを完了しませんでした: {error}" },
            { "notice.interrupt_unacknowledged", "中断が受け付けられませんでした: {error}" },
            { "notice.mcp_not_reconnected", "MCP サーバーに再接続できませんでした: {error}" },
            { "notice.mcp_reconnect_rejected", "CLI{version} が mcp_reconnect を拒否しました({error})。代わりに現在のターンが終わったら CLI を --resume で再起動し、ホストのツールを読み直します" },
            { "notice.mcp_reconnected", "MCP サーバーに再接続しました" },
            { "notice.mcp_server_status", "CLI でホストの MCP サーバーが {status} です。Unity のツールは使えません" },
            { "notice.message_after_restart", "CLI の再起動後にメッセージを送ります({reason})" },
            { "notice.message_not_delivered", "メッセージ「{message}」は届けられませんでした: {reason}。新しいセッションを始めるかこのセッションを再開してから、もう一度送ってください" },
            { "notice.message_resent", "CLI が止まったとき 1 件のメッセージが会話に届いていませんでした。セッションの再開後に送り直します" },
            { "notice.message_when_back", "CLI が戻ったらメッセージを送ります" },
            { "notice.message_write_failed", "メッセージを CLI に書き込めませんでした({error})。CLI の再起動後に送ります" },
            { "notice.messages_resent", "CLI が止まったとき {count} 件のメッセージが会話に届いていませんでした。セッションの再開後に送り直します" },
            { "notice.mode_not_changed", "権限モードは変更されませんでした: {error}" },
            { "notice.model_not_changed", "モデルは変更されませんでした: {error}" },
            { "notice.pack_disabled", "モジュールパック {pack} はこのホストの実行中は無効です: {reason}。もう一度試すにはホストを再起動する(`uap-host serve`)か、`uap-host modules disable {pack} --project {project}` でオフにしてください" },
            { "notice.project_tools_unserved", "プロジェクトの C# ツールの一部を提供していません: {problems}" },
            { "notice.prompt_tool_rejected", "claude CLI{version} が --permission-prompt-tool を拒否したため、パネルで権限を確認できません。固定の許可リスト(常に許可ルールと、自動承認レベル({level})が許可するツール)で再起動します。それ以外のツールはすべて拒否され、スクリプトゲートは引き続き効きます。権限カードを取り戻すには、テスト済みのバージョンを入れてください: {command}" },
            { "notice.reopen_failed", "前回のセッションを開き直せませんでした({error})。新しいセッションを始めます" },
            { "notice.restart_failed", "CLI を再起動できませんでした: {error}" },
            { "notice.restart_failed_because", "CLI を再起動できませんでした({reason}): {error}" },
            { "notice.restarted", "CLI を再起動しました({reason})" },
            { "notice.restarted_resumed", "CLI を --resume で再起動しました({reason})" },
            { "notice.rule_not_saved", "常に許可ルールを保存できませんでした: {error}" },
            { "notice.settings_unreadable", "エージェント設定を読めませんでした({error})。既定値を使います" },
            { "notice.settings_unreadable_sign_in", "エージェント設定を読めませんでした({error})。ログインは既定値で確認します" },
            { "notice.silence", "CLI から {seconds} 秒間出力がありません。ターンは終わったものとして扱います" },
            { "notice.unattended_denied", "{tools} の権限リクエストを拒否しました: {seconds} 秒間、答えられるパネルが開いていませんでした。モデルにはそう伝え、ターンはそれなしで続きます。ターンの実行中はパネルを開いておくか、UserSettings/AgentPanel/agent-settings.json の unattended_permission_timeout_seconds を変更してください(0 ならいつまでも答えを待ちます)" },
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
