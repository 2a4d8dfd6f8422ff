// The active profiles' quick actions: canned prompts shown above the composer. Choosing one puts
// its prompt into the input for the user to read, change and send; nothing is sent by itself.
import { element } from './dom.js';
import { currentLanguage, t } from './i18n.js';

export class QuickActions {
  constructor(container, input) {
    this.container = container;
    this.input = input;
    this.shown = '';
  }

  // profiles: the status's list; only active profiles carry quick_actions.
  render(profiles) {
    const offered = (profiles ?? []).filter((profile) => profile.state === 'active' && profile.quick_actions?.length);
    const key = JSON.stringify([offered, currentLanguage()]);
    if (key === this.shown) return;
    this.shown = key;
    this.container.hidden = offered.length === 0;
    this.container.replaceChildren(...offered.flatMap((profile) => profile.quick_actions.map((action) => this.button(profile, action))));
    if (offered.length) this.container.prepend(element('span', { className: 'quick-actions-label', text: t('quick_actions.label') }));
  }

  button(profile, action) {
    const label = currentLanguage() === 'ja' && action.label_ja ? action.label_ja : action.label;
    const button = element('button', { className: 'quick-action', text: label,
      attributes: { type: 'button', title: `${profile.display_name}: ${action.prompt}`, 'data-action-id': `${profile.id}.${action.id}` } });
    button.addEventListener('click', () => {
      this.input.value = action.prompt;
      this.input.dispatchEvent(new Event('input', { bubbles: true }));
      this.input.focus();
    });
    return button;
  }
}
