// The browser panel's one catalogue: every string a person reads, in English and Japanese. The
// language follows the browser (Japanese when it prefers ja) until chosen in Settings; switching
// re-renders every view at once, without a reload. Text sent to the agent is never translated.
export const catalogues = {
  en: {
    'nav.chat': 'Chat', 'nav.history': 'History', 'nav.settings': 'Settings',
    'connection.connecting': 'connecting…', 'connection.connected': 'connected', 'connection.reconnecting': 'reconnecting…',
    'connection.signed-out': 'not signed in: run `uap-host open --project DIR` and open its link',
    'composer.label': 'Message',
    'composer.placeholder': 'Message the agent (Enter sends, Shift+Enter for a new line; paste or drop images)',
    'composer.send': 'Send', 'composer.interrupt': 'Interrupt',
    'history.title': 'History', 'history.new': 'New session', 'history.refresh': 'Refresh',
    'settings.language': 'Language', 'settings.packs': 'Module packs', 'settings.permissions': 'Permissions',
    'settings.auto_approve': 'Auto-approve', 'settings.permission_mode': 'Permission mode', 'settings.rules': 'Always-allow rules',
    'settings.no_rules': 'No always-allow rules.', 'settings.delete': 'Delete', 'settings.delete_rule': 'Delete rule {rule}',
    'settings.restart_required': 'A pack you enabled could not be loaded; its state says why (uap-host modules list shows it too).',
    'settings.saved_in': 'Saved in {file}; changes reach the agent now.', 'settings.tools': '{count} tools', 'settings.enable_pack': 'Enable {name}',
    'status.model': 'Model', 'status.mode': 'Mode', 'status.auto_approve': 'Auto-approve',
    'state.stopped': 'stopped', 'state.starting': 'starting…', 'state.ready': 'ready', 'state.running': 'working…',
    'state.waiting_permission': 'waiting for your answer', 'state.resuming': 'resuming…', 'state.errored': 'stopped with an error',
    'status.queued': '{count} queued', 'status.gate_off': 'script gate NOT active', 'status.context': 'context {percent}% ({tokens} tokens)',
    'approve.ask': 'ask for everything', 'approve.read_only': 'read-only tools', 'approve.undoable': 'read-only and undoable tools',
    'approve.all_unity_tools': 'all Unity tools', 'approve.all_tools': 'all tools',
    'integrations.title': 'Integrations',
    'plugin.name': "Unity's official Claude Code plugin",
    'plugin.state.cli_unavailable': 'The claude CLI was not found, so the plugin cannot be checked or installed. Run `uap-host doctor` to see where it was looked for.',
    'plugin.state.not_installed': 'Not installed.',
    'plugin.state.disabled': 'Installed but turned off. Turn it on in a terminal with the command below; it takes effect in the next chat.',
    'plugin.state.enabled_not_loaded.files': 'Installed and enabled; a chat started now loads it.',
    'plugin.state.enabled_not_loaded.session': 'Installed and enabled, but this chat did not load it. Start a new chat to load it.',
    'plugin.state.loaded': 'Loaded by this chat (version {version}).',
    'plugin.state.load_error': 'Claude Code could not load it: {error}. Run `claude plugin list` in a terminal for details.',
    'plugin.install': 'Install', 'plugin.installing': 'Installing… {step} ({index}/{count}), {seconds} s',
    'plugin.install_scope': "Installs into your whole Claude Code (user scope: every project and terminal) and takes effect in the next chat. It targets Unity 6.",
    'plugin.installed': 'Installed. It takes effect in the next chat.',
    'plugin.failed': 'Install failed: {message}',
    'plugin.steering': 'Tell the agent when to use the plugin’s skills (next chat)',
    'uloop.name': 'uLoop (unity-cli-loop)',
    'uloop.state.not_installed': 'Not in this project.', 'uloop.state.resolving': 'Added to Packages/manifest.json; waiting for Unity to resolve it.',
    'uloop.state.installed': 'Installed in this project.', 'uloop.cli': 'uloop CLI: {path}', 'uloop.no_cli': 'The uloop CLI is not on PATH.',
    'uloop.preset': 'Apply the allow-list preset', 'uloop.preset_applied': 'The allow-list preset is applied.',
    'uloop.broad_rule': 'A broad uloop rule is saved: it approves execute-dynamic-code without asking. Apply the preset to replace it.',
    'uloop.preset_result': 'Added {added}, removed {removed}; applies in the next chat.',
    'uloop.install': 'Install uLoop…', 'uloop.confirm': 'Write this change', 'uloop.diff_title': 'This change to Packages/manifest.json:',
    'uloop.written': 'Written (backup: {backup}). Waiting for Unity to resolve the package.',
  },
  ja: {
    'nav.chat': 'チャット', 'nav.history': '履歴', 'nav.settings': '設定',
    'connection.connecting': '接続中…', 'connection.connected': '接続済み', 'connection.reconnecting': '再接続中…',
    'connection.signed-out': 'サインインしていません: `uap-host open --project DIR` を実行し、表示されたリンクを開いてください',
    'composer.label': 'メッセージ',
    'composer.placeholder': 'エージェントへのメッセージ(Enter で送信、Shift+Enter で改行。画像は貼り付けかドロップ)',
    'composer.send': '送信', 'composer.interrupt': '中断',
    'history.title': '履歴', 'history.new': '新しいセッション', 'history.refresh': '更新',
    'settings.language': '言語', 'settings.packs': 'モジュールパック', 'settings.permissions': '権限',
    'settings.auto_approve': '自動承認', 'settings.permission_mode': '権限モード', 'settings.rules': '常に許可するルール',
    'settings.no_rules': '常に許可するルールはありません。', 'settings.delete': '削除', 'settings.delete_rule': 'ルール {rule} を削除',
    'settings.restart_required': '有効にしたパックを読み込めませんでした。理由は状態欄にあります(uap-host modules list でも確認できます)。',
    'settings.saved_in': '{file} に保存しました。変更はすぐにエージェントに届きます。', 'settings.tools': 'ツール {count} 個', 'settings.enable_pack': '{name} を有効にする',
    'status.model': 'モデル', 'status.mode': 'モード', 'status.auto_approve': '自動承認',
    'state.stopped': '停止', 'state.starting': '起動中…', 'state.ready': '待機中', 'state.running': '作業中…',
    'state.waiting_permission': 'あなたの回答待ち', 'state.resuming': '再開中…', 'state.errored': 'エラーで停止',
    'status.queued': '{count} 件待ち', 'status.gate_off': 'スクリプトゲートは無効です', 'status.context': 'コンテキスト {percent}%({tokens} トークン)',
    'approve.ask': 'すべて確認する', 'approve.read_only': '読み取り専用ツール', 'approve.undoable': '読み取り専用と元に戻せるツール',
    'approve.all_unity_tools': 'すべての Unity ツール', 'approve.all_tools': 'すべてのツール',
    'integrations.title': '連携',
    'plugin.name': 'Unity 公式 Claude Code プラグイン',
    'plugin.state.cli_unavailable': 'claude CLI が見つからないため、プラグインの確認も導入もできません。探した場所は `uap-host doctor` で確認できます。',
    'plugin.state.not_installed': '未導入です。',
    'plugin.state.disabled': '導入済みですが無効になっています。下のコマンドをターミナルで実行すると有効になり、次のチャットから反映されます。',
    'plugin.state.enabled_not_loaded.files': '導入済みで有効です。これから始めるチャットで読み込まれます。',
    'plugin.state.enabled_not_loaded.session': '導入済みで有効ですが、このチャットは読み込んでいません。新しいチャットを始めると読み込まれます。',
    'plugin.state.loaded': 'このチャットで読み込み済みです(バージョン {version})。',
    'plugin.state.load_error': 'Claude Code が読み込みに失敗しました: {error}。詳細はターミナルで `claude plugin list` を実行してください。',
    'plugin.install': '導入', 'plugin.installing': '導入中… {step}({index}/{count})、{seconds} 秒',
    'plugin.install_scope': 'Claude Code 全体(ユーザースコープ: すべてのプロジェクトとターミナル)に導入され、次のチャットから反映されます。Unity 6 向けです。',
    'plugin.installed': '導入しました。次のチャットから反映されます。',
    'plugin.failed': '導入に失敗しました: {message}',
    'plugin.steering': 'プラグインのスキルの使い分けをエージェントに伝える(次のチャットから)',
    'uloop.name': 'uLoop(unity-cli-loop)',
    'uloop.state.not_installed': 'このプロジェクトには入っていません。', 'uloop.state.resolving': 'Packages/manifest.json に追加しました。Unity による解決を待っています。',
    'uloop.state.installed': 'このプロジェクトに導入済みです。', 'uloop.cli': 'uloop CLI: {path}', 'uloop.no_cli': 'uloop CLI が PATH にありません。',
    'uloop.preset': '許可リストのプリセットを適用', 'uloop.preset_applied': '許可リストのプリセットは適用済みです。',
    'uloop.broad_rule': 'uloop の広いルールが保存されています。execute-dynamic-code を確認なしで許可してしまいます。プリセットを適用して置き換えてください。',
    'uloop.preset_result': '{added} を追加、{removed} を削除しました。次のチャットから反映されます。',
    'uloop.install': 'uLoop を導入…', 'uloop.confirm': 'この変更を書き込む', 'uloop.diff_title': 'Packages/manifest.json への変更:',
    'uloop.written': '書き込みました(バックアップ: {backup})。Unity によるパッケージの解決を待っています。',
  },
};

export const languages = [{ value: 'en', label: 'English' }, { value: 'ja', label: '日本語' }];
const storageKey = 'uap-panel-language';
const listeners = [];
let language = initialLanguage();

function initialLanguage() {
  const saved = globalThis.localStorage?.getItem(storageKey);
  if (saved && catalogues[saved]) return saved;
  const preferred = globalThis.navigator?.languages?.[0] ?? globalThis.navigator?.language ?? 'en';
  return preferred.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function currentLanguage() { return language; }

// The text for key in the current language, with {name} placeholders filled from params.
export function t(key, params = {}) {
  const text = catalogues[language][key] ?? catalogues.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Translates the page's static text (data-i18n, data-i18n-placeholder, data-i18n-aria-label).
export function translatePage(root = document) {
  document.documentElement.lang = language;
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-placeholder]')) node.setAttribute('placeholder', t(node.dataset.i18nPlaceholder));
  for (const node of root.querySelectorAll('[data-i18n-aria-label]')) node.setAttribute('aria-label', t(node.dataset.i18nAriaLabel));
}

// Views re-render their dynamic text when the language changes.
export function onLanguageChange(listener) { listeners.push(listener); }

export function setLanguage(next) {
  if (!catalogues[next] || next === language) return;
  language = next;
  globalThis.localStorage?.setItem(storageKey, next);
  translatePage();
  for (const listener of listeners) listener(next);
}
