// The CLI catalogue's text for the commands around a serving host: serve, open, mcp-config, hook,
// tools and doctor. Registered into the one catalogue by cli_text.cpp.
#include "cli/cli_text_entries.hpp"

namespace uap::cli {

const CliTextEntries& serving_text() {
    static const CliTextEntries entries = {
        {"serve.summary",
         "Serves MCP at http://127.0.0.1:PORT/mcp, the editor bridge and the panel for one Unity project until Ctrl-C; writes the "
         "discovery and token files into the project. Enabling, disabling, installing or removing a pack reaches it without a "
         "restart. The browser panel is served at http://127.0.0.1:PORT/; serve prints a one-time sign-in link, and "
         "`uap-host open --project DIR` prints (and opens) a fresh one.",
         "1 つの Unity プロジェクトのために、MCP(http://127.0.0.1:PORT/mcp)、エディタとのブリッジ、パネルを Ctrl-C まで提供し、"
         "検出ファイルとトークンファイルをプロジェクトに書き込みます。パックの有効化・無効化・導入・削除は再起動なしで反映されます。"
         "ブラウザのパネルは http://127.0.0.1:PORT/ で提供されます。serve は一度だけ使えるサインインリンクを表示し、"
         "`uap-host open --project DIR` で新しいリンクを表示して開けます。"},
        {"serve.port_help", "the loopback port (default 0: one the system chooses)", "ループバックのポート(既定は 0: システムが選ぶ)"},
        {"serve.editor_help", "unity: wait for the Unity shim (default); sim: run the editor simulator in-process (sample scene)",
         "unity: Unity 側のシムの接続を待つ(既定)。sim: エディタシミュレータをこのプロセス内で動かす(サンプルシーン)"},
        {"serve.editor_log_help",
         "the editor's Editor.log, read while no editor connects to report compile errors that keep the package from loading "
         "(default: the project's Logs/Editor.log or the platform's global log, whichever was written last)",
         "エディタの Editor.log。エディタが接続していない間に読み、パッケージの読み込みを妨げているコンパイルエラーを知らせる"
         "(既定: プロジェクトの Logs/Editor.log とプラットフォーム共通のログのうち、最後に書き込まれた方)"},
        {"serve.log_file_help",
         "append everything the host prints (log lines, warnings, a crash's last words) to FILE instead of stdout and stderr, "
         "created owner-only; for a host nothing reads, such as one the Unity package starts on Windows",
         "ホストが出力するすべて(ログ行、警告、クラッシュ直前の出力)を stdout と stderr の代わりに FILE に追記する"
         "(所有者のみ読めるファイルとして作成)。Windows で Unity パッケージが起動するホストのように、出力を誰も読まない場合に使う"},
        {"serve.agent_help", "start the claude CLI session the /panel WebSocket drives (see docs/agent-sessions.md)",
         "/panel WebSocket が操作する claude CLI のセッションを開始する(docs/agent-sessions.md を参照)"},
        {"serve.project_required", "serve needs --project DIR, e.g. `uap-host serve --project path/to/UnityProject --editor sim`",
         "serve には --project DIR が必要です。例: `uap-host serve --project path/to/UnityProject --editor sim`"},
        {"serve.bad_port", "--port must be a number from 0 to 65535", "--port には 0 から 65535 までの数を指定してください"},
        {"serve.bad_editor", "--editor must be unity or sim", "--editor には unity か sim を指定してください"},
        {"serve.log_file_failed", "{error} (give --log-file a file in a folder you own, or leave it out to log to stderr)",
         "{error}(--log-file には自分が所有するフォルダ内のファイルを指定するか、省略して stderr にログを出してください)"},

        {"open.summary",
         "Prints a one-time link (valid 60 s, single use) that signs a browser in to the panel of the host serving DIR, and opens "
         "it with $BROWSER (a ':'-separated list; \"%s\" stands for the link) or, when unset, xdg-open.",
         "DIR を提供しているホストのパネルにブラウザでサインインする、一度だけ使えるリンク(有効期間 60 秒、1 回限り)を表示し、"
         "$BROWSER(':' 区切りのリスト。\"%s\" がリンクに置き換わる)で、未設定なら xdg-open で開きます。"},
        {"open.print_only_help", "only print the link", "リンクを表示するだけにする"},
        {"open.project_required", "open needs --project DIR, the Unity project a running host serves",
         "open には --project DIR(実行中のホストが提供している Unity プロジェクト)が必要です"},
        {"open.no_host", "{error}; start one with `uap-host serve --project {path}`",
         "{error}。`uap-host serve --project {path}` でホストを起動してください"},
        {"open.no_token", "cannot read the panel token: {error}", "パネルのトークンを読めません: {error}"},
        {"open.refused", "the host refused a sign-in code (HTTP {status}): {body}",
         "ホストがサインインコードの発行を拒否しました(HTTP {status}): {body}"},
        {"open.no_link", "the host's answer has no sign-in link", "ホストの応答にサインインリンクがありません"},
        {"open.unreachable", "cannot reach the host on 127.0.0.1:{port}: {error}", "127.0.0.1:{port} のホストに接続できません: {error}"},
        {"open.no_browser", "no browser could be started (set BROWSER); open the link above yourself",
         "ブラウザを起動できませんでした(BROWSER を設定してください)。上のリンクを自分で開いてください"},

        {"mcp_config.summary", "Prints what an MCP client needs to reach the project's running host.",
         "MCP クライアントがプロジェクトの実行中のホストに接続するために必要な設定を表示します。"},
        {"mcp_config.client_help",
         "claude-code: a `claude mcp add --transport http ...` line (default); json: the mcpServers object that other clients read; "
         "cursor: an entry for .cursor/mcp.json; claude-desktop: a claude_desktop_config.json entry through mcp-remote",
         "claude-code: `claude mcp add --transport http ...` の 1 行(既定)。json: ほかのクライアントが読む mcpServers オブジェクト。"
         "cursor: .cursor/mcp.json 用のエントリ。claude-desktop: mcp-remote を経由する claude_desktop_config.json 用のエントリ"},
        {"mcp_config.name_help", "the server's name in the client (default unity)", "クライアントでのサーバー名(既定は unity)"},
        {"mcp_config.details", "The output contains the host's MCP token: treat it like a password.",
         "出力にはホストの MCP トークンが含まれます。パスワードと同じように扱ってください。"},
        {"mcp_config.project_required", "mcp-config needs --project DIR", "mcp-config には --project DIR が必要です"},
        {"mcp_config.unknown_client", "unknown --client (use claude-code, claude-desktop, cursor or json)",
         "不明な --client です(claude-code、claude-desktop、cursor、json のいずれかを指定してください)"},
        {"mcp_config.bad_name", "--name may use letters, digits, '_' and '-' only", "--name に使えるのは英字、数字、'_'、'-' だけです"},
        {"mcp_config.no_host", "{error}; start it with `uap-host serve --project {path}`",
         "{error}。`uap-host serve --project {path}` でホストを起動してください"},
        {"mcp_config.host_not_running", "the host recorded in {file} (pid {pid}) is not running; start it with `uap-host serve`",
         "{file} に記録されたホスト(pid {pid})は実行されていません。`uap-host serve` で起動してください"},
        {"mcp_config.no_token_file", "the discovery file names no MCP token file", "検出ファイルに MCP トークンファイルの記載がありません"},

        {"hook.summary",
         "The script gate as a Claude Code PreToolUse hook: reads the hook JSON on stdin and prints a \"deny\" decision for a gated "
         "write. Claude Code runs it; people rarely do.",
         "Claude Code の PreToolUse フックとして動くスクリプトゲートです。stdin からフックの JSON を読み、ゲート対象の書き込みには "
         "\"deny\" の判定を出力します。実行するのは Claude Code で、人が直接使うことはほとんどありません。"},
        {"hook.unknown", "unknown hook", "不明なフックです"},
        {"hook.project_required", "hook pre-tool-use needs --project DIR", "hook pre-tool-use には --project DIR が必要です"},

        {"tools.summary", "Calls or lists module tools. `uap-host tools call --help` lists call's options.",
         "モジュールのツールを呼び出すか一覧表示します。call のオプションは `uap-host tools call --help` で確認できます。"},
        {"tools.call_summary", "Calls one tool and prints its result (a JSON object) on stdout; stderr says who answered.",
         "ツールを 1 つ呼び出し、結果(JSON オブジェクト)を stdout に出力します。どこが応答したかは stderr に表示します。"},
        {"tools.args_help", "the tool's arguments, a JSON object (default {})", "ツールの引数。JSON オブジェクト(既定は {})"},
        {"tools.editor_help",
         "running: through the host serving --project (MCP); sim: in-process with the editor simulator (sample scene); none: "
         "in-process without an editor. Default: running when a host serves --project and no --plugins is given, else none (and it "
         "says why, since editor tools then answer no_editor)",
         "running: --project を提供しているホスト経由(MCP)。sim: このプロセス内でエディタシミュレータを使う(サンプルシーン)。"
         "none: このプロセス内でエディタなし。既定: ホストが --project を提供していて --plugins がなければ running、"
         "それ以外は none(そのときエディタのツールは no_editor を返すので、その理由を表示する)"},
        {"tools.list_summary", "Lists the tools the enabled packs serve, with their pack id.",
         "有効なパックが提供するツールを、パック ID とともに一覧表示します。"},
        {"tools.list_takes_no_name", "tools list takes no NAME", "tools list に NAME は指定できません"},
        {"tools.call_needs_name", "tools call needs one tool NAME, e.g. `uap-host tools call uap_ping` (`uap-host tools list` names them)",
         "tools call にはツール名 NAME を 1 つ指定してください。例: `uap-host tools call uap_ping`(名前は `uap-host tools list` で確認できます)"},
        {"tools.args_not_object", "--args must be a JSON object", "--args には JSON オブジェクトを指定してください"},
        {"tools.running_needs_project", "--editor running needs --project DIR (the project whose host to call)",
         "--editor running には --project DIR(呼び出すホストのプロジェクト)が必要です"},
        {"tools.no_host_serves",
         "no host serves {project}; start one with `uap-host serve --project {project}` or call in-process with --editor sim",
         "{project} を提供しているホストがありません。`uap-host serve --project {project}` で起動するか、--editor sim でこのプロセス内で呼び出してください"},
        {"tools.plugins_with_running",
         "--plugins cannot reach a running host (it loaded its packs at start); drop --plugins or use --editor sim",
         "--plugins は実行中のホストには届きません(ホストはパックを起動時に読み込みます)。--plugins を外すか、--editor sim を使ってください"},
        {"tools.bad_editor", "--editor must be running, sim or none", "--editor には running、sim、none のいずれかを指定してください"},
        {"tools.simulator_failed", "the editor simulator did not start: {error}", "エディタシミュレータが起動しませんでした: {error}"},
        {"tools.no_host_for_project",
         "no host serves {project}, so this command answers in-process with no editor (editor tools answer no_editor). To reach the "
         "editor: `uap-host serve --project {project}` (or open the project in Unity with the package); to try the sample scene: "
         "--editor sim",
         "{project} を提供しているホストがないため、このコマンドがエディタなしでプロセス内で応答します(エディタのツールは no_editor を返します)。"
         "エディタにつなぐには `uap-host serve --project {project}` を実行するか、パッケージを入れた Unity でプロジェクトを開いてください。"
         "サンプルシーンを試すには --editor sim を指定します"},
        {"tools.no_project_given",
         "no --project was given, so this command answers in-process with no editor (editor tools answer no_editor). To reach the "
         "editor: `uap-host serve --project DIR` (or open the project in Unity with the package); to try the sample scene: --editor sim",
         "--project が指定されていないため、このコマンドがエディタなしでプロセス内で応答します(エディタのツールは no_editor を返します)。"
         "エディタにつなぐには `uap-host serve --project DIR` を実行するか、パッケージを入れた Unity でプロジェクトを開いてください。"
         "サンプルシーンを試すには --editor sim を指定します"},
        {"tools.answered_with_simulator", "answered in-process by this command, with the editor simulator (sample scene)",
         "このコマンドがプロセス内で、エディタシミュレータ(サンプルシーン)を使って応答しました"},
        {"tools.answered_without_editor", "answered in-process by this command, with no editor",
         "このコマンドがプロセス内で、エディタなしで応答しました"},
        {"tools.answered_by_running_host", "answered by the running host (pid {pid}, {url})", "実行中のホスト(pid {pid}、{url})が応答しました"},
        {"tools.pack_not_loaded", "tool \"{tool}\" belongs to pack {pack}, which is {state}: {reason}",
         "ツール \"{tool}\" はパック {pack} のものですが、そのパックは {state} です: {reason}"},
        {"tools.tool_error", "tool error: {error}", "ツールのエラー: {error}"},

        {"doctor.summary",
         "Checks the claude CLI, its credentials, the project's files, the running host and the script gate, and says what is wrong "
         "in plain words (exit 1 when something is).",
         "claude CLI、その認証情報、プロジェクトのファイル、実行中のホスト、スクリプトゲートを確認し、問題があればわかりやすく"
         "説明します(問題があれば終了コード 1)。"},
        {"doctor.positional", "doctor takes no positional arguments", "doctor は位置引数を取りません"},
        {"doctor.cli_heading", "Claude Code CLI", "Claude Code CLI"},
        {"doctor.cli_found", "found {path} (by {how})", "{path} が見つかりました({how} で検出)"},
        {"doctor.cli_version", "version {version}", "バージョン {version}"},
        {"doctor.cli_does_not_run", "the CLI does not run: {error}", "CLI が動きません: {error}"},
        {"doctor.sign_in_heading", "Sign-in", "サインイン"},
        {"doctor.signed_in", "signed in ({method}{subscription})", "サインイン済み({method}{subscription})"},
        {"doctor.signed_in_from", "signed in ({method} from {source}{subscription})", "サインイン済み({method}、{source} から{subscription})"},
        {"doctor.subscription_only", "; subscription only: ANTHROPIC_API_KEY is kept from the CLI",
         "。サブスクリプションのみ: ANTHROPIC_API_KEY は CLI に渡しません"},
        {"doctor.sign_in_problem", "{detail}; fix: {command}", "{detail}。対処: {command}"},
        {"doctor.gate_heading", "Script gate", "スクリプトゲート"},
        {"doctor.gate_ok", "writes of .cs/.asmdef under Assets/ are refused by the hook `uap-host hook pre-tool-use`",
         "Assets/ 以下の .cs/.asmdef への書き込みはフック `uap-host hook pre-tool-use` が拒否します"},
        {"doctor.gate_problem", "the script gate does not refuse a test write; scripts under Assets/ are NOT protected",
         "スクリプトゲートがテスト用の書き込みを拒否しません。Assets/ 以下のスクリプトは保護されていません"},
        {"doctor.project_heading", "Project {path}", "プロジェクト {path}"},
        {"doctor.assets_ok", "Assets/ exists", "Assets/ があります"},
        {"doctor.no_assets", "no Assets/ folder: this does not look like a Unity project",
         "Assets/ フォルダがありません。Unity プロジェクトではないようです"},
        {"doctor.host_serves", "a host (pid {pid}) serves {url}", "ホスト(pid {pid})が {url} を提供しています"},
        {"doctor.token_missing", "the {role} token file {path} is missing", "{role} のトークンファイル {path} がありません"},
        {"doctor.token_readable", "the {role} token file {path} is readable by other users",
         "{role} のトークンファイル {path} をほかのユーザーが読めます"},
        {"doctor.no_host", "no host is running for this project (start one with `uap-host serve --project DIR`)",
         "このプロジェクトのホストは実行されていません(`uap-host serve --project DIR` で起動できます)"},
        {"doctor.settings_unreadable", "the agent settings cannot be read: {error}", "エージェントの設定を読めません: {error}"},
        {"doctor.approval",
         "auto-approve level: {level} ({kinds}); {count} always-allow rule(s); permission mode {mode}",
         "自動承認レベル: {level}({kinds})。常に許可するルール: {count} 件。権限モード: {mode}"},
        {"doctor.every_kind", "it covers every tool kind", "すべての種類のツールが対象"},
        {"doctor.kinds_ask", "{kinds} tools ask at every level", "{kinds} のツールはどのレベルでも確認する"},
        {"doctor.kinds_joiner", " and ", " と "},
        {"doctor.bypass_note", "bypassPermissions skips the permission broker (the hook still gates scripts)",
         "bypassPermissions では権限の仲介を通りません(スクリプトはフックが引き続き守ります)"},
        {"doctor.no_problems", "No problems found.", "問題は見つかりませんでした。"},
        {"doctor.problems_found", "{count} problem(s) found.", "{count} 件の問題が見つかりました。"},
    };
    return entries;
}

} // namespace uap::cli
