// The settings page's custom instructions: the project's own guidance for the agent, saved by the
// host and added to the agent's instructions from the next message on. The field follows the host
// until the user starts typing in it.
import { t } from './i18n.js';

export class InstructionsView {
  constructor(connection) {
    this.connection = connection;
    this.field = document.getElementById('instructions');
    this.state = document.getElementById('instructions-state');
    this.saved = '';
    this.field.addEventListener('input', () => { this.state.textContent = ''; });
    document.getElementById('instructions-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const result = await this.connection.command('set_custom_instructions', { text: this.field.value });
      this.state.textContent = result.ok ? t('instructions.saved') : result.error;
      this.state.dataset.ok = String(result.ok);
      if (result.ok) this.saved = this.field.value;
    });
  }

  update(status) {
    const text = status.custom_instructions ?? '';
    const editing = this.field.value !== this.saved;
    this.saved = text;
    if (!editing) this.field.value = text;
  }
}
