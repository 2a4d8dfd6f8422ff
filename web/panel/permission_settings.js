// The permission settings every view shares: the permission mode (bypassPermissions only after the
// user confirmed a warning; the host refuses it otherwise), the auto-approve level, and the kinds of
// tools that ask at every level. Each control shows what the host last reported in status.
import { fillSelect } from './dom.js';
import { onLanguageChange, t } from './i18n.js';

const permissionModes = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto'];
const autoApproveValues = ['ask', 'read_only', 'undoable', 'all_unity_tools', 'all_tools'];
const modeOptions = () => permissionModes.map((value) => ({ value, label: value === 'bypassPermissions' ? t('mode.bypass') : value }));
const levelOptions = () => autoApproveValues.map((value) => ({ value, label: t(`approve.${value}`) }));

export class PermissionSettings {
  constructor(connection) {
    this.connection = connection;
    this.status = {};
    this.modeSelects = [...document.querySelectorAll('select[data-setting="permission_mode"]')];
    this.levelSelects = [...document.querySelectorAll('select[data-setting="auto_approve"]')];
    this.kindBoxes = [...document.querySelectorAll('input[data-always-ask]')];
    this.dialog = document.getElementById('bypass-dialog');
    this.fill();
    for (const select of this.modeSelects) select.addEventListener('change', () => this.chooseMode(select.value));
    for (const select of this.levelSelects)
      select.addEventListener('change', () => this.connection.command('set_auto_approve', { level: select.value }));
    for (const box of this.kindBoxes)
      box.addEventListener('change', () => this.connection.command('set_always_ask', {
        kinds: this.kindBoxes.filter((each) => each.checked).map((each) => each.dataset.alwaysAsk) }));
    onLanguageChange(() => { this.fill(); this.render(this.status); });
  }

  fill() {
    for (const select of this.modeSelects) fillSelect(select, modeOptions(), select.value);
    for (const select of this.levelSelects) fillSelect(select, levelOptions(), select.value);
  }

  async chooseMode(mode) {
    if (mode !== 'bypassPermissions') {
      this.connection.command('set_permission_mode', { mode });
      return;
    }
    // The selects keep the current mode until the user confirms (and follow status afterwards).
    if (this.modeSelects.includes(document.activeElement)) document.activeElement.blur();
    this.render(this.status);
    if (!await this.confirmBypass()) return;
    const result = await this.connection.command('set_permission_mode', { mode, confirm_bypass: true });
    if (!result.ok) this.dialog.querySelector('.card-error').textContent = result.error ?? '';
  }

  // Resolves true only when the user pressed the warning's confirm button.
  confirmBypass() {
    const confirm = this.dialog.querySelector('.confirm-bypass');
    const cancel = this.dialog.querySelector('.cancel-bypass');
    this.dialog.querySelector('.card-error').textContent = '';
    return new Promise((resolve) => {
      const finish = (confirmed) => {
        confirm.removeEventListener('click', onConfirm);
        cancel.removeEventListener('click', onCancel);
        this.dialog.removeEventListener('cancel', onCancel);
        this.dialog.close();
        resolve(confirmed);
      };
      const onConfirm = () => finish(true);
      const onCancel = () => finish(false);
      confirm.addEventListener('click', onConfirm);
      cancel.addEventListener('click', onCancel);
      this.dialog.addEventListener('cancel', onCancel);
      this.dialog.showModal();
      cancel.focus(); // The safe answer is the default one.
    });
  }

  render(status) {
    this.status = status ?? {};
    for (const select of this.modeSelects)
      if (document.activeElement !== select) select.value = this.status.permission_mode ?? 'default';
    for (const select of this.levelSelects)
      if (document.activeElement !== select) select.value = this.status.auto_approve ?? 'ask';
    if (Array.isArray(this.status.always_ask))
      for (const box of this.kindBoxes) box.checked = this.status.always_ask.includes(box.dataset.alwaysAsk);
  }
}
