// The settings page's integrations: Unity's Claude Code plugin (its state, Install or the enable
// command, install progress, the steering toggle) and uLoop (its state, the allow-list preset, and
// the manifest change shown exactly before it is written). Text comes from the catalogue.
import { element } from './dom.js';
import { onLanguageChange, t } from './i18n.js';

const stepNames = { marketplace_add: 'marketplace add', install: 'install' };

export class IntegrationsView {
  constructor(root, connection) {
    this.root = root;
    this.connection = connection;
    this.entries = [];
    this.installLine = '';
    this.uloopLine = '';
    this.diff = null;
    onLanguageChange(() => this.render(this.entries));
  }

  render(entries) {
    this.entries = entries ?? [];
    const plugin = this.entries.find((entry) => entry.kind === 'claude_plugin');
    const uloop = this.entries.find((entry) => entry.kind === 'uloop');
    this.root.replaceChildren(...[plugin && this.pluginCard(plugin), uloop && this.uloopCard(uloop)].filter(Boolean));
  }

  pluginText(plugin) {
    if (plugin.state === 'enabled_not_loaded') return t(`plugin.state.enabled_not_loaded.${plugin.source === 'session' ? 'session' : 'files'}`);
    return t(`plugin.state.${plugin.state}`, { version: plugin.version || '?', error: plugin.error });
  }

  pluginCard(plugin) {
    const card = element('div', { className: 'integration', attributes: { 'data-integration': plugin.id, 'data-state': plugin.state } },
      element('h3', { text: t('plugin.name') }),
      element('p', { className: 'integration-state', text: this.pluginText(plugin) }));
    if (plugin.state === 'disabled' && plugin.enable_command)
      card.append(element('pre', { className: 'command', text: plugin.enable_command }));
    if (plugin.state === 'not_installed') {
      const install = element('button', { text: t('plugin.install'), attributes: { type: 'button', 'data-action': 'install-plugin' } });
      install.addEventListener('click', async () => {
        install.disabled = true;
        const result = await this.connection.command('install_plugin', { plugin: plugin.id });
        if (!result.ok) {
          install.disabled = false;
          this.installLine = t('plugin.failed', { message: result.error });
          this.render(this.entries);
        }
      });
      card.append(element('p', { className: 'note', text: t('plugin.install_scope') }), install);
    }
    for (const problem of plugin.problems ?? []) card.append(element('p', { className: 'card-error', text: problem }));
    if (this.installLine) card.append(element('p', { className: 'install-progress', attributes: { role: 'status' }, text: this.installLine }));
    const steering = element('input', { attributes: { type: 'checkbox', 'data-setting': 'plugin_steering' } });
    steering.checked = plugin.plugin_steering !== false;
    steering.addEventListener('change', async () => {
      const result = await this.connection.command('set_integration_settings', { plugin_steering: steering.checked });
      if (!result.ok) steering.checked = !steering.checked;
    });
    card.append(element('label', { className: 'settings-row' }, steering, element('span', { text: t('plugin.steering') })));
    return card;
  }

  progress(event) {
    if (event.phase === 'running')
      this.installLine = t('plugin.installing', { step: stepNames[event.step] ?? event.step, index: event.step_index + 1, count: event.step_count, seconds: event.elapsed_seconds });
    else if (event.phase === 'succeeded') this.installLine = t('plugin.installed');
    else this.installLine = t('plugin.failed', { message: event.message });
    this.render(this.entries);
  }

  uloopCard(uloop) {
    const card = element('div', { className: 'integration', attributes: { 'data-integration': 'uloop', 'data-state': uloop.state } },
      element('h3', { text: t('uloop.name') }),
      element('p', { className: 'integration-state', text: t(`uloop.state.${uloop.state}`) }),
      element('p', { className: 'note', text: uloop.cli ? t('uloop.cli', { path: uloop.cli }) : t('uloop.no_cli') }));
    if (uloop.broad_rule) card.append(element('p', { className: 'card-error', text: t('uloop.broad_rule') }));
    if (uloop.preset_applied) card.append(element('p', { className: 'note', text: t('uloop.preset_applied') }));
    else {
      const preset = element('button', { text: t('uloop.preset'), attributes: { type: 'button', 'data-action': 'uloop-preset' } });
      preset.addEventListener('click', async () => {
        const result = await this.connection.command('apply_uloop_preset');
        this.uloopLine = result.ok ? t('uloop.preset_result', { added: result.added.length, removed: result.removed.join(', ') || '—' }) : result.error;
        this.render(this.entries);
      });
      card.append(preset);
    }
    if (uloop.state === 'not_installed') {
      const install = element('button', { text: t('uloop.install'), attributes: { type: 'button', 'data-action': 'uloop-install' } });
      install.addEventListener('click', async () => {
        const result = await this.connection.command('preview_uloop_install');
        this.diff = result.ok ? result.diff : null;
        this.uloopLine = result.ok ? '' : result.error;
        this.render(this.entries);
      });
      card.append(install);
    }
    if (this.diff) {
      const confirm = element('button', { text: t('uloop.confirm'), attributes: { type: 'button', 'data-action': 'uloop-confirm' } });
      confirm.addEventListener('click', async () => {
        const result = await this.connection.command('install_uloop', { expected_diff: this.diff });
        this.diff = null;
        this.uloopLine = result.ok ? t('uloop.written', { backup: result.backup }) : result.error;
        this.render(this.entries);
      });
      card.append(element('p', { text: t('uloop.diff_title') }), element('pre', { className: 'diff', text: this.diff.join('\n') }), confirm);
    }
    if (this.uloopLine) card.append(element('p', { className: 'note', attributes: { role: 'status' }, text: this.uloopLine }));
    return card;
  }
}
