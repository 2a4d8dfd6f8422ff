// The CLI catalogue's text for the commands that manage what the host loads: modules, profiles and
// skills. Registered into the one catalogue by cli_text.cpp.
#include "cli/cli_text_entries.hpp"

namespace uap::cli {

const CliTextEntries& module_text() {
    static const CliTextEntries entries = {
        {"modules.summary", "Manages module packs. `uap-host modules ACTION --help` lists an action's options.",
         "モジュールパックを管理します。各操作のオプションは `uap-host modules ACTION --help` で確認できます。"},
        {"modules.list_summary", "Lists every pack found, its state (loaded, disabled, failed, incompatible, shadowed), why, and its tools.",
         "見つかったすべてのパックを、状態(loaded, disabled, failed, incompatible, shadowed)とその理由、ツールとともに一覧表示します。"},
        {"modules.enable_summary", "Turns a pack on in the project's settings (ID is the pack id or its toggle). A running host picks it up.",
         "プロジェクトの設定でパックをオンにします(ID はパック ID またはそのトグル名)。実行中のホストにも反映されます。"},
        {"modules.disable_summary",
         "Turns a pack off in the project's settings; its library is then never loaded. A running host picks it up.",
         "プロジェクトの設定でパックをオフにします。以後そのライブラリは読み込まれません。実行中のホストにも反映されます。"},
        {"modules.isolate_summary",
         "Runs the pack in a module runner process (uap-module-runner), so a crash costs one call, not the host. Stored per project; "
         "takes effect at the host's next start.",
         "パックをモジュールランナーのプロセス(uap-module-runner)で動かします。クラッシュしても失われるのはその呼び出しだけで、"
         "ホストは止まりません。プロジェクトごとに保存され、ホストの次回起動から有効になります。"},
        {"modules.inline_summary", "Runs the pack inside uap-host (faster calls; a crash in it ends the host). Stored per project.",
         "パックを uap-host の中で動かします(呼び出しは速くなりますが、パックがクラッシュするとホストも終了します)。プロジェクトごとに保存されます。"},
        {"modules.install_summary",
         "Installs a pack (a folder or a .zip of one) into the per-user plugins folder, after checking its signature (a pack not "
         "signed by a trusted publisher needs --allow-unsigned; a pack changed since it was signed is always refused), its manifest, "
         "that it takes no bundled tool's name, and that it loads (init and describe, in a module runner). A .zip is refused past its "
         "size caps while it is extracted, and nothing is left behind.",
         "パック(フォルダまたはその .zip)をユーザーごとのプラグインフォルダに導入します。その前に、署名(信頼する発行者が署名して"
         "いないパックには --allow-unsigned が必要。署名後に変更されたパックは常に拒否)、マニフェスト、同梱ツールの名前と重ならない"
         "こと、読み込めること(モジュールランナーでの init と describe)を確認します。.zip は展開中にサイズ上限を超えた時点で拒否され、"
         "何も残りません。"},
        {"modules.replace_help", "replace an installed pack of the same id", "同じ ID の導入済みパックを置き換える"},
        {"modules.allow_unsigned_help", "install a pack that no trusted publisher signed", "信頼する発行者が署名していないパックも導入する"},
        {"modules.install_project_help", "also trust the publishers of this Unity project's trust file",
         "この Unity プロジェクトの信頼ファイルにある発行者も信頼する"},
        {"modules.max_total_help", "cap on the archive's uncompressed size (default 512)", "アーカイブの展開後の合計サイズの上限(既定は 512)"},
        {"modules.max_entry_help", "cap on one entry's uncompressed size (default 256)", "1 エントリの展開後のサイズの上限(既定は 256)"},
        {"modules.max_entries_help", "cap on the number of entries (default 10000)", "エントリ数の上限(既定は 10000)"},
        {"modules.remove_summary", "Removes an installed pack from the per-user plugins folder.",
         "導入済みのパックをユーザーごとのプラグインフォルダから削除します。"},
        {"modules.keygen_summary",
         "Creates a publisher's signing key in a new owner-only FILE and prints its public key, which those who install your packs "
         "add with `uap-host modules trust`. Keep FILE secret; it is never overwritten.",
         "発行者の署名鍵を、所有者だけが読める新しい FILE に作成し、その公開鍵を表示します。あなたのパックを導入する人は、"
         "その公開鍵を `uap-host modules trust` で追加します。FILE は秘密にしてください。上書きされることはありません。"},
        {"modules.publisher_help", "the name users see for packs signed with this key", "この鍵で署名したパックについてユーザーに表示される名前"},
        {"modules.key_output_help", "where to write the key (must not exist)", "鍵の書き込み先(存在しないファイル)"},
        {"modules.sign_summary",
         "Signs a pack folder: writes uap-signature.json, which lists the SHA-256 of every other file and an ed25519 signature over "
         "them. Sign last, after the manifest is written; zip the folder afterwards.",
         "パックのフォルダに署名します。ほかのすべてのファイルの SHA-256 と、それらに対する ed25519 署名を記した "
         "uap-signature.json を書き込みます。署名はマニフェストを書いた後の最後に行い、フォルダの zip 化はその後にしてください。"},
        {"modules.key_help", "the signing key `uap-host modules keygen` wrote", "`uap-host modules keygen` が書いた署名鍵"},
        {"modules.trust_summary",
         "Trusts packs signed with KEY (ed25519:..., as keygen prints it), shown as published by NAME. Written to your user trust "
         "file, or with --project to the project's ProjectSettings/AgentPanel/trusted-publishers.json, which a team commits.",
         "KEY(keygen が表示する ed25519:...)で署名されたパックを信頼し、発行者 NAME のものとして表示します。ユーザーの信頼ファイルに、"
         "--project を付けるとチームでコミットするプロジェクトの ProjectSettings/AgentPanel/trusted-publishers.json に書き込みます。"},
        {"modules.trust_publisher_help", "the name to show for this publisher", "この発行者として表示する名前"},
        {"modules.manifest_summary",
         "Writes a pack's manifest from its module library: the template's fields plus the tool names the library describes. "
         "uap_add_module() runs it after every build, so a tool's name is written once, in its C++ class.",
         "モジュールのライブラリからパックのマニフェストを書き出します。テンプレートの項目に、ライブラリが示すツール名を加えたものです。"
         "uap_add_module() がビルドのたびに実行するので、ツール名は C++ のクラスに一度書くだけで済みます。"},
        {"modules.template_help", "the manifest without tools (uap_add_module writes it at configure time)",
         "ツールを含まないマニフェスト(uap_add_module が configure 時に書き出す)"},
        {"modules.manifest_output_help", "where to write uap-module.json", "uap-module.json の書き込み先"},
        {"modules.new_summary",
         "Writes a ready pack into a new folder: one plain tool, one that calls the editor, their unit tests against uap::testkit, and "
         "a CMakeLists.txt using find_package(uap-sdk). The id (e.g. com.example.mine) and version are written once, in its "
         "uap_add_module(...). Never overwrites: the folder must be missing or empty.",
         "すぐに使えるパックを新しいフォルダに書き出します。単純なツール 1 つ、エディタを呼ぶツール 1 つ、uap::testkit を使った"
         "それらの単体テスト、find_package(uap-sdk) を使う CMakeLists.txt です。ID(例: com.example.mine)とバージョンは "
         "uap_add_module(...) に一度だけ書かれます。上書きはしないので、フォルダは存在しないか空である必要があります。"},
        {"modules.dir_help", "the folder to write the pack into (default: ./ID)", "パックの書き込み先フォルダ(既定: ./ID)"},
        {"modules.new_details",
         "Then: cmake -S DIR -B DIR/build -DCMAKE_PREFIX_PATH=<uap install prefix> && cmake --build DIR/build && ctest --test-dir "
         "DIR/build",
         "次に: cmake -S DIR -B DIR/build -DCMAKE_PREFIX_PATH=<uap install prefix> && cmake --build DIR/build && ctest --test-dir "
         "DIR/build"},
        {"modules.toggle_needs_id", "modules {action} needs one ID, e.g. `{example}` (`uap-host modules list` shows the ids)",
         "modules {action} には ID を 1 つ指定してください。例: `{example}`(ID は `uap-host modules list` で確認できます)"},
        {"modules.toggle_needs_project",
         "--project DIR is required: toggles are stored per project; run `{command}` with your Unity project's folder",
         "--project DIR が必要です。オン/オフはプロジェクトごとに保存されます。Unity プロジェクトのフォルダを指定して `{command}` を実行してください"},
        {"modules.no_pack_or_toggle",
         "no module pack has the id or toggle \"{id}\"; `uap-host modules list --project {project}` shows every pack's id and toggle",
         "ID またはトグル名が \"{id}\" のモジュールパックはありません。各パックの ID とトグル名は "
         "`uap-host modules list --project {project}` で確認できます"},
        {"modules.isolation_needs_id", "modules {action} needs one pack ID", "modules {action} にはパック ID を 1 つ指定してください"},
        {"modules.isolation_needs_project", "--project DIR is required: the choice is stored per project",
         "--project DIR が必要です。この選択はプロジェクトごとに保存されます"},
        {"modules.no_pack", "no module pack has the id \"{id}\" (see `uap-host modules list`)",
         "ID が \"{id}\" のモジュールパックはありません(`uap-host modules list` を参照)"},
        {"modules.not_a_count", "--{option} must be a positive whole number", "--{option} には正の整数を指定してください"},
        {"modules.install_needs_path", "modules install needs one PATH (a pack folder or a .zip)",
         "modules install には PATH(パックのフォルダまたは .zip)を 1 つ指定してください"},
        {"modules.cannot_install", "cannot install: {error}", "導入できません: {error}"},
        {"modules.manifest_needs", "modules manifest needs LIBRARY, --template FILE and --output FILE",
         "modules manifest には LIBRARY、--template FILE、--output FILE が必要です"},
        {"modules.cannot_write_manifest", "cannot write the manifest: {error}", "マニフェストを書き出せません: {error}"},
        {"modules.new_needs_id", "modules new needs one pack ID, e.g. `uap-host modules new com.example.mine`",
         "modules new にはパック ID を 1 つ指定してください。例: `uap-host modules new com.example.mine`"},
        {"modules.bad_pack_id",
         "pack id \"{id}\" is refused: a pack id is 1-64 letters, digits, '.', '_' or '-', starts with a letter or digit, and is a "
         "reverse domain name with at least one dot and no empty part (e.g. com.example.mine); ids starting with \"uap.\" belong to "
         "the bundled packs. Run `uap-host modules new com.example.mine` with your own domain",
         "パック ID \"{id}\" は使えません。パック ID は英字、数字、'.'、'_'、'-' からなる 1〜64 文字で、英字か数字で始まり、"
         "ドットを 1 つ以上含み空の部分がない逆ドメイン名です(例: com.example.mine)。\"uap.\" で始まる ID は同梱パック用です。"
         "自分のドメインで `uap-host modules new com.example.mine` のように実行してください"},
        {"modules.folder_not_empty",
         "{folder} already exists and is not an empty folder, and `uap-host modules new` never overwrites anything; choose another "
         "folder: `uap-host modules new {id} --dir NEW_FOLDER`",
         "{folder} はすでにあり、空のフォルダではありません。`uap-host modules new` は何も上書きしないので、別のフォルダを指定してください: "
         "`uap-host modules new {id} --dir NEW_FOLDER`"},
        {"modules.cannot_write_file", "cannot write {file} in {folder}: {error}", "{folder} に {file} を書き込めません: {error}"},
        {"modules.cannot_create_pack", "cannot create the pack: {error}", "パックを作成できません: {error}"},
        {"modules.keygen_needs",
         "modules keygen needs --publisher NAME and --output FILE, e.g. `uap-host modules keygen --publisher \"Example Ltd\" --output "
         "~/.uap-signing-key.json`",
         "modules keygen には --publisher NAME と --output FILE が必要です。例: `uap-host modules keygen --publisher \"Example Ltd\" "
         "--output ~/.uap-signing-key.json`"},
        {"modules.cannot_create_key", "cannot create the key: {error}", "鍵を作成できません: {error}"},
        {"modules.sign_needs", "modules sign needs a pack FOLDER and --key FILE (made by `uap-host modules keygen`)",
         "modules sign にはパックの FOLDER と --key FILE(`uap-host modules keygen` で作成したもの)が必要です"},
        {"modules.sign_no_manifest",
         "cannot sign {folder}: it holds no readable {file}; sign the pack folder after its manifest is written (uap_package_module "
         "does it in that order)",
         "{folder} に署名できません: 読み取れる {file} がありません。パックのフォルダにはマニフェストを書いた後に署名してください"
         "(uap_package_module はその順で行います)"},
        {"modules.cannot_sign", "cannot sign: {error}", "署名できません: {error}"},
        {"modules.trust_needs", "modules trust needs the KEY (ed25519:..., as `uap-host modules keygen` prints it) and --publisher NAME",
         "modules trust には KEY(`uap-host modules keygen` が表示する ed25519:...)と --publisher NAME が必要です"},
        {"modules.cannot_trust", "cannot trust the key: {error}", "鍵を信頼できません: {error}"},
        {"modules.remove_needs_id", "modules remove needs one ID", "modules remove には ID を 1 つ指定してください"},

        {"profiles.summary", "Extension profiles: SDK rules given to the agent. `uap-host profiles ACTION --help` lists an action's options.",
         "拡張プロファイル: エージェントに渡す SDK のルールです。各操作のオプションは `uap-host profiles ACTION --help` で確認できます。"},
        {"profiles.list_summary",
         "Lists every extension profile (bundled, from enabled module packs, and the project's .uap-profiles/), its origin, whether it "
         "is detected in the project and why, and whether it is trusted or pending approval. Detection by type name needs the editor, "
         "so only a running host (the panel) reports it.",
         "すべての拡張プロファイル(同梱のもの、有効なモジュールパックのもの、プロジェクトの .uap-profiles/ のもの)を、出どころ、"
         "プロジェクトで検出されたかとその理由、信頼済みか承認待ちかとともに一覧表示します。型名による検出にはエディタが必要なので、"
         "それを示せるのは実行中のホスト(パネル)だけです。"},
        {"profiles.show_summary", "Prints one profile in full: its file's text (what an approval covers), SHA-256, lines and sources.",
         "1 つのプロファイルをすべて表示します。ファイルの内容(承認の対象)、SHA-256、行、出典です。"},
        {"profiles.validate_summary",
         "Checks profile files: JSON, required fields, sizes (64 KB, lines up to 1,000 characters) and sources. Fails when a file is "
         "invalid or names no sources.",
         "プロファイルのファイルを確認します。JSON、必須項目、サイズ(64 KB、各行 1,000 文字まで)、出典です。不正なファイルや"
         "出典のないファイルがあると失敗します。"},
        {"profiles.approve_summary",
         "Approves a project profile (<project>/.uap-profiles/*.json) after you have read it (`profiles show ID`). The approval covers "
         "these exact bytes and is kept in your user config folder, never in the project.",
         "プロジェクトのプロファイル(<project>/.uap-profiles/*.json)を、内容を読んだ上で(`profiles show ID`)承認します。"
         "承認はこの内容そのもの(バイト単位)に対するもので、プロジェクトではなくユーザーの設定フォルダに保存されます。"},
        {"profiles.sha256_help", "approve only if the file still has this SHA-256 (from `profiles show`)",
         "ファイルの SHA-256 がこの値(`profiles show` で表示されるもの)のままの場合だけ承認する"},
        {"profiles.enable_summary", "Switches a profile (or, with `all`, every profile) back on for the project.",
         "プロファイル(`all` ならすべてのプロファイル)をこのプロジェクトで再びオンにします。"},
        {"profiles.disable_summary",
         "Switches a profile (or, with `all`, every profile) off for the project: its lines are no longer given to the agent.",
         "プロファイル(`all` ならすべてのプロファイル)をこのプロジェクトでオフにします。その行はエージェントに渡されなくなります。"},
        {"profiles.show_needs_id", "profiles show needs one ID (`uap-host profiles list` shows them)",
         "profiles show には ID を 1 つ指定してください(ID は `uap-host profiles list` で確認できます)"},
        {"profiles.no_profile", "no profile has the id \"{id}\" (`{command}` shows them)",
         "ID が \"{id}\" のプロファイルはありません(ID は `{command}` で確認できます)"},
        {"profiles.validate_needs_file", "profiles validate needs at least one FILE", "profiles validate には FILE を 1 つ以上指定してください"},
        {"profiles.approve_needs_id", "profiles approve needs one ID, e.g. `uap-host profiles approve my-sdk --project DIR`",
         "profiles approve には ID を 1 つ指定してください。例: `uap-host profiles approve my-sdk --project DIR`"},
        {"profiles.approve_needs_project", "--project DIR is required: project profiles live in <project>/.uap-profiles/",
         "--project DIR が必要です。プロジェクトのプロファイルは <project>/.uap-profiles/ にあります"},
        {"profiles.not_approved", "not approved: {error}", "承認されませんでした: {error}"},
        {"profiles.switch_needs_id", "profiles {action} needs one ID, or `all` for every profile",
         "profiles {action} には ID を 1 つ、またはすべてのプロファイルを表す `all` を指定してください"},
        {"profiles.switch_needs_project", "--project DIR is required: the switches are stored per project",
         "--project DIR が必要です。オン/オフはプロジェクトごとに保存されます"},

        {"skills.summary", "Claude Code skills for agents without MCP. `uap-host skills export --help` lists its options.",
         "MCP を使えないエージェントのための Claude Code スキルです。オプションは `uap-host skills export --help` で確認できます。"},
        {"skills.export_summary",
         "Writes a Claude Code skill per enabled pack into DIR/.claude/skills (uap-<pack>/SKILL.md: when to use it, each tool with its "
         "arguments and an example `uap-host tools call` command against the project's running host), and uap-tool-search for "
         "finding any tool by words. Running it again rewrites what changed and removes the skills of packs no longer enabled; "
         "folders it did not write are never touched.",
         "有効なパックごとに Claude Code のスキルを DIR/.claude/skills に書き出します(uap-<pack>/SKILL.md: 使いどころと、"
         "各ツールの引数、プロジェクトの実行中のホストに対する `uap-host tools call` の実行例)。言葉でツールを探す uap-tool-search "
         "も書き出します。再実行すると変わった部分を書き直し、有効でなくなったパックのスキルを削除します。"
         "このコマンドが書いたのではないフォルダには触れません。"},
        {"skills.export_details",
         "The project defaults to the current folder. Once a project holds exported skills, its running host (after every pack change "
         "it notices) and `modules enable` / `modules disable` export again.",
         "プロジェクトの既定は現在のフォルダです。書き出したスキルがあるプロジェクトでは、実行中のホスト(パックの変更に気づくたび)"
         "と `modules enable` / `modules disable` がもう一度書き出します。"},
        {"skills.takes_no_name", "skills export takes no NAME; give the project with --project DIR",
         "skills export に NAME は指定できません。プロジェクトは --project DIR で指定してください"},
        {"skills.no_project_folder", "project folder {path} does not exist; give the Unity project with --project DIR",
         "プロジェクトフォルダ {path} がありません。Unity プロジェクトを --project DIR で指定してください"},
    };
    return entries;
}

} // namespace uap::cli
