// Quick actions: canned prompts shown above the composer, from the active profiles and the user's
// own for this project (edited in Settings, kept by the host). Choosing one puts its prompt into
// the input for the user to read, change and send; nothing is sent by itself.
import { element } from './dom.js';
import { currentLanguage, onLanguageChange, t } from './i18n.js';

export class QuickActions {
  constructor(container, input, connection) {
    this.container = container;
    this.input = input;
    this.connection = connection;
    this.profiles = [];
    this.own = [];
    this.shown = '';
    this.list = document.getElementById('own-actions');
    this.state = document.getElementById('own-actions-state');
    this.label = document.getElementById('own-action-label');
    this.prompt = document.getElementById('own-action-prompt');
    onLanguageChange(() => { this.render(); this.renderSettings(); });
    document.getElementById('own-action-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const added = [...this.own, { label: this.label.value.trim(), prompt: this.prompt.value.trim() }];
      if (await this.save(added)) { this.label.value = ''; this.prompt.value = ''; }
    });
  }

  // The user's own, as the host keeps them (a panel that connects asks for them).
  read() { return this.save(undefined); }

  async save(actions) {
    const result = await this.connection.command('set_quick_actions', actions === undefined ? {} : { actions });
    this.state.textContent = result.ok ? (actions === undefined ? '' : t('own_actions.saved')) : result.error;
    this.state.dataset.ok = String(result.ok);
    if (result.ok) this.applyOwn(result.actions);
    return result.ok;
  }

  applyOwn(actions) {
    this.own = Array.isArray(actions) ? actions : [];
    this.render();
    this.renderSettings();
  }

  // profiles: the status's list; only active profiles carry quick_actions.
  renderProfiles(profiles) {
    this.profiles = (profiles ?? []).filter((profile) => profile.state === 'active' && profile.quick_actions?.length);
    this.render();
  }

  render() {
    const key = JSON.stringify([this.profiles, this.own, currentLanguage()]);
    if (key === this.shown) return;
    this.shown = key;
    const buttons = [
      ...this.own.map((action, index) => this.button(action.label, action.prompt, action.prompt, `own.${index}`)),
      ...this.profiles.flatMap((profile) => profile.quick_actions.map((action) => this.button(
        currentLanguage() === 'ja' && action.label_ja ? action.label_ja : action.label, action.prompt,
        `${profile.display_name}: ${action.prompt}`, `${profile.id}.${action.id}`))),
    ];
    this.container.hidden = buttons.length === 0;
    this.container.replaceChildren(...buttons);
    if (buttons.length) this.container.prepend(element('span', { className: 'quick-actions-label', text: t('quick_actions.label') }));
  }

  button(label, prompt, title, id) {
    const button = element('button', { className: 'quick-action', text: label, attributes: { type: 'button', title, 'data-action-id': id } });
    button.addEventListener('click', () => {
      this.input.value = prompt;
      this.input.dispatchEvent(new Event('input', { bubbles: true }));
      this.input.focus();
    });
    return button;
  }

  renderSettings() {
    if (!this.own.length) {
      this.list.replaceChildren(element('p', { className: 'note', text: t('own_actions.none') }));
      return;
    }
    this.list.replaceChildren(...this.own.map((action, index) => {
      const remove = element('button', { text: t('settings.delete'),
        attributes: { type: 'button', 'aria-label': t('own_actions.delete', { label: action.label }) } });
      remove.addEventListener('click', () => this.save(this.own.filter((_, kept) => kept !== index)));
      return element('div', { className: 'own-action', attributes: { 'data-label': action.label } },
        element('strong', { text: action.label }), element('span', { className: 'note', text: action.prompt }), remove);
    }));
  }
}
