// The status bar: state, model (only models the CLI reports), context meter and cost (the
// permission controls beside them are permission_settings.js). Status events carry only changed
// fields, so they are merged into the last known status.
import { fillSelect } from './dom.js';
import { onLanguageChange, t } from './i18n.js';
import { PermissionSettings } from './permission_settings.js';

const knownStates = ['stopped', 'starting', 'ready', 'running', 'waiting_permission', 'resuming', 'errored', 'disconnected'];

export class StatusBar {
  constructor(connection) {
    this.connection = connection;
    this.status = {};
    this.state = document.getElementById('status-state');
    this.model = document.getElementById('status-model');
    this.context = document.getElementById('status-context');
    this.cost = document.getElementById('status-cost');
    this.model.addEventListener('change', () => this.connection.command('set_model', { model: this.model.value }));
    this.permissions = new PermissionSettings(connection);
    onLanguageChange(() => this.render());
  }

  replace(status) {
    this.status = { ...(status ?? {}) };
    this.render();
  }

  merge(fields) {
    Object.assign(this.status, fields ?? {});
    this.render();
  }

  render() {
    const status = this.status;
    let text = knownStates.includes(status.state) ? t(`state.${status.state}`) : status.state ?? '';
    if (status.state === 'errored' && status.error) text += `: ${status.error}`;
    if (status.queued_messages) text += ` · ${t('status.queued', { count: status.queued_messages })}`;
    if (status.gate_active === false && status.state && status.state !== 'stopped') text += ` · ${t('status.gate_off')}`;
    this.state.textContent = text;
    this.state.dataset.state = status.state ?? '';
    const models = [{ value: 'default', label: 'default' }, ...(status.models ?? []).map((model) => ({ value: model.value, label: model.displayName || model.value }))];
    if (status.model && !models.some((model) => model.value === status.model)) models.push({ value: status.model, label: status.model });
    if (document.activeElement !== this.model) fillSelect(this.model, models, status.model || 'default');
    this.permissions.render(status);
    // The window is the one the CLI reported for the model; until a turn has ended only the size shows.
    const tokens = status.context_tokens ?? 0;
    const contextWindow = status.context_window ?? 0;
    this.context.textContent = contextWindow > 0 ? t('status.context', { percent: Math.round((tokens / contextWindow) * 100), tokens }) : t('status.context_tokens', { tokens });
    this.cost.textContent = typeof status.total_cost_usd === 'number' ? `$${status.total_cost_usd.toFixed(4)}` : '';
  }
}
