// The settings page: module packs (state, reason, origin, publisher, tools with their metadata) with
// a toggle each, the toggle of the project's C# tools, the saved always-allow rules with a delete
// button each, and the always-deny rules with a field to add one.
import { element } from './dom.js';
import { t } from './i18n.js';

function metadataWords(metadata) {
  const words = [metadata.readOnly ? 'read-only' : 'writes', metadata.undoable ? 'undoable' : 'not undoable'];
  if (metadata.destructive) words.push('destructive');
  if (metadata.longRunning) words.push('long-running');
  return words.join(', ');
}

// Who signed the pack and whether that holds, as the host checked it (a broken signature keeps the
// pack from loading; its reason says so too).
function publisherLine(signature) {
  if (!signature) return null;
  const text = signature.state === 'trusted' ? t('settings.publisher_trusted', { publisher: signature.publisher })
    : signature.state === 'untrusted' ? t('settings.publisher_untrusted', { publisher: signature.publisher, key: signature.publicKey })
      : signature.state === 'broken' ? t('settings.publisher_broken', { detail: signature.detail })
        : t('settings.publisher_unsigned');
  return element('p', { className: `pack-publisher signature-${signature.state}`, text });
}

export class SettingsView {
  constructor(connection) {
    this.connection = connection;
    this.packs = document.getElementById('packs');
    this.note = document.getElementById('packs-note');
    this.rules = document.getElementById('rules');
    this.denyRules = document.getElementById('deny-rules');
    this.denyInput = document.getElementById('deny-rule');
    this.denyError = document.getElementById('deny-error');
    document.getElementById('deny-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.addDenyRule(this.denyInput.value.trim());
    });
  }

  // The host checks the rule's form and says what is wrong; the field keeps the text to fix.
  async addDenyRule(rule) {
    if (!rule) return;
    const result = await this.connection.command('add_always_deny', { rule });
    this.denyError.textContent = result.ok ? '' : result.error;
    if (result.ok) this.denyInput.value = '';
  }

  async refresh() {
    this.renderPacks(await this.connection.command('list_modules'));
  }

  renderPacks(result) {
    if (!result.ok) {
      this.note.textContent = result.error;
      return;
    }
    this.note.textContent = result.restart_required ? t('settings.restart_required') : t('settings.saved_in', { file: result.settings_file });
    const views = (result.packs ?? []).map((pack) => this.packView(pack));
    if (result.project_tools) views.unshift(this.projectToolsView(result.project_tools));
    this.packs.replaceChildren(...views);
  }

  // A checkbox that saves one toggle (a pack's, or the project's C# tools') and redraws the list.
  toggleFor(id, enabled, label, disabled = false) {
    const toggle = element('input', { attributes: { type: 'checkbox', 'aria-label': label } });
    toggle.checked = !!enabled;
    toggle.disabled = disabled;
    toggle.addEventListener('change', async () => {
      toggle.disabled = true;
      const result = await this.connection.command('set_module_enabled', { module_id: id, enabled: toggle.checked });
      toggle.disabled = false;
      if (!result.ok) {
        toggle.checked = !toggle.checked;
        this.note.textContent = result.error;
        return;
      }
      this.renderPacks(result);
    });
    return toggle;
  }

  // The tools the Unity project defines in C# ([AgentTool]): one group, one toggle.
  projectToolsView(projectTools) {
    const toggle = this.toggleFor(projectTools.toggle, projectTools.enabled, t('settings.enable_project_tools'));
    return element('div', { className: 'pack', attributes: { 'data-pack-id': projectTools.toggle } },
      element('label', { className: 'pack-header' }, toggle, element('span', { className: 'pack-name', text: t('settings.project_tools') })),
      element('p', { className: 'note', text: t('settings.project_tools_note') }));
  }

  packView(pack) {
    const toggle = this.toggleFor(pack.id, pack.enabled, t('settings.enable_pack', { name: pack.name ?? pack.id }), !pack.toggle);
    const tools = element('ul', { className: 'pack-tools' },
      ...(pack.tools ?? []).map((tool) => element('li', {},
        element('code', { text: tool.name }), document.createTextNode(` — ${metadataWords(tool.metadata ?? {})}. ${tool.description ?? ''}`))));
    const details = element('details', {}, element('summary', { text: t('settings.tools', { count: (pack.tools ?? []).length }) }), tools);
    return element('div', { className: 'pack', attributes: { 'data-pack-id': pack.id } },
      element('label', { className: 'pack-header' }, toggle,
        element('span', { className: 'pack-name', text: `${pack.name ?? pack.id} ${pack.version ?? ''}` }),
        element('span', { className: `badge state-${pack.state}`, text: pack.state }),
        // Where the pack came from ("package com.agentpanel.pro@1.2.0", "bundled", ...) and where its tools run.
        element('span', { className: 'badge', text: `${pack.source || pack.origin}, ${pack.isolation ?? 'in-process'}` })),
      publisherLine(pack.signature),
      pack.reason ? element('p', { className: 'card-error', text: pack.reason }) : null,
      details);
  }

  renderRules(allowRules, denyRules) {
    this.lastRules = allowRules;
    this.lastDenyRules = denyRules;
    this.renderRuleList(this.rules, allowRules, 'settings.no_rules', 'remove_always_allow');
    this.renderRuleList(this.denyRules, denyRules, 'settings.no_deny_rules', 'remove_always_deny');
  }

  renderRuleList(list, rules, emptyText, removeCommand) {
    if (!rules?.length) {
      list.replaceChildren(element('li', { className: 'note', text: t(emptyText) }));
      return;
    }
    list.replaceChildren(...rules.map((rule) => {
      const remove = element('button', { text: t('settings.delete'), attributes: { type: 'button', 'aria-label': t('settings.delete_rule', { rule }) } });
      remove.addEventListener('click', () => this.connection.command(removeCommand, { rule }));
      return element('li', { attributes: { 'data-rule': rule } }, element('code', { text: rule }), remove);
    }));
  }
}
