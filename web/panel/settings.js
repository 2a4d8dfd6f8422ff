// The settings page: module packs (state, reason, origin, tools with their metadata) with a toggle
// each, and the saved always-allow rules with a delete button each.
import { element } from './dom.js';

function metadataWords(metadata) {
  const words = [metadata.readOnly ? 'read-only' : 'writes', metadata.undoable ? 'undoable' : 'not undoable'];
  if (metadata.destructive) words.push('destructive');
  if (metadata.longRunning) words.push('long-running');
  return words.join(', ');
}

export class SettingsView {
  constructor(connection) {
    this.connection = connection;
    this.packs = document.getElementById('packs');
    this.note = document.getElementById('packs-note');
    this.rules = document.getElementById('rules');
  }

  async refresh() {
    this.renderPacks(await this.connection.command('list_modules'));
  }

  renderPacks(result) {
    if (!result.ok) {
      this.note.textContent = result.error;
      return;
    }
    this.note.textContent = result.restart_required
      ? 'A pack you enabled could not be loaded; its state says why (uap-host modules list shows it too).'
      : `Saved in ${result.settings_file}; changes reach the agent now.`;
    this.packs.replaceChildren(...(result.packs ?? []).map((pack) => this.packView(pack)));
  }

  packView(pack) {
    const toggle = element('input', { attributes: { type: 'checkbox', 'aria-label': `Enable ${pack.name ?? pack.id}` } });
    toggle.checked = !!pack.enabled;
    toggle.disabled = !pack.toggle;
    toggle.addEventListener('change', async () => {
      toggle.disabled = true;
      const result = await this.connection.command('set_module_enabled', { module_id: pack.id, enabled: toggle.checked });
      toggle.disabled = false;
      if (!result.ok) {
        toggle.checked = !toggle.checked;
        this.note.textContent = result.error;
        return;
      }
      this.renderPacks(result);
    });
    const tools = element('ul', { className: 'pack-tools' },
      ...(pack.tools ?? []).map((tool) => element('li', {},
        element('code', { text: tool.name }), document.createTextNode(` — ${metadataWords(tool.metadata ?? {})}. ${tool.description ?? ''}`))));
    const details = element('details', {}, element('summary', { text: `${(pack.tools ?? []).length} tools` }), tools);
    return element('div', { className: 'pack', attributes: { 'data-pack-id': pack.id } },
      element('label', { className: 'pack-header' }, toggle,
        element('span', { className: 'pack-name', text: `${pack.name ?? pack.id} ${pack.version ?? ''}` }),
        element('span', { className: `badge state-${pack.state}`, text: pack.state }),
        element('span', { className: 'badge', text: pack.origin === 'bundled' ? 'bundled, in-process' : `${pack.origin}, in-process` })),
      pack.reason ? element('p', { className: 'card-error', text: pack.reason }) : null,
      details);
  }

  renderRules(rules) {
    if (!rules?.length) {
      this.rules.replaceChildren(element('li', { className: 'note', text: 'No always-allow rules.' }));
      return;
    }
    this.rules.replaceChildren(...rules.map((rule) => {
      const remove = element('button', { text: 'Delete', attributes: { type: 'button', 'aria-label': `Delete rule ${rule}` } });
      remove.addEventListener('click', () => this.connection.command('remove_always_allow', { rule }));
      return element('li', { attributes: { 'data-rule': rule } }, element('code', { text: rule }), remove);
    }));
  }
}
