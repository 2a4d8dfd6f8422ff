// The first-run card above the composer: shown while the agent cannot work (no CLI, a CLI too old,
// no login, a login the API refused), with the command that fixes it, Copy, "Check again" and the
// subscription-only switch; and the same facts in Settings. The host does the checking.
import { element } from './dom.js';
import { currentLanguage, onLanguageChange, t } from './i18n.js';

const problems = ['cli_missing', 'cli_too_old', 'signed_out', 'login_rejected', 'check_failed'];

export class SignInView {
  constructor(card, settingsRoot, connection) {
    this.card = card;
    this.settingsRoot = settingsRoot;
    this.connection = connection;
    this.signIn = null;
    this.authMode = 'automatic';
    this.shownState = null; // The problem the card shows; kept while a re-check runs.
    this.error = '';
    onLanguageChange(() => this.render());
  }

  update(status) {
    this.signIn = status.sign_in ?? null;
    this.authMode = status.auth_mode ?? 'automatic';
    this.render();
  }

  render() {
    const state = this.signIn?.state;
    if (problems.includes(state)) this.shownState = state;
    else if (state !== 'checking') this.shownState = null;
    // Status events arrive all through a turn; a card drawn again for nothing could lose a click.
    const key = JSON.stringify([this.signIn, this.authMode, this.shownState, this.error, currentLanguage()]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.card.hidden = !this.shownState;
    this.card.dataset.state = state ?? '';
    this.card.replaceChildren(...(this.shownState ? this.cardContent(state === 'checking') : []));
    this.settingsRoot.replaceChildren(...this.settingsContent());
  }

  cardContent(checking) {
    const info = this.signIn;
    const children = [
      element('h2', { text: t(`signin.title.${this.shownState}`) }),
      element('p', { text: t(`signin.explain.${this.shownState}`) }),
    ];
    if (info.detail) children.push(element('p', { className: 'note sign-in-detail', text: info.detail }));
    if (info.fix_command) children.push(this.commandRow(info.fix_command));
    const again = element('button', { text: t(checking ? 'signin.checking' : 'signin.check_again'), attributes: { type: 'button', 'data-action': 'check-sign-in' } });
    again.disabled = checking;
    again.addEventListener('click', () => this.checkAgain());
    children.push(element('div', { className: 'card-row' }, again, this.modeSwitch()));
    if (this.error) children.push(element('p', { className: 'card-error', attributes: { role: 'alert' }, text: this.error }));
    return children;
  }

  settingsContent() {
    const info = this.signIn;
    if (!info) return [element('p', { className: 'note', text: t('signin.not_checked') })];
    const again = element('button', { text: t('signin.check_again'), attributes: { type: 'button' } });
    again.disabled = info.state === 'checking';
    again.addEventListener('click', () => this.checkAgain());
    return [
      element('p', { className: 'sign-in-method', text: this.methodLine(info) }),
      element('div', { className: 'card-row' }, again, this.modeSwitch()),
    ];
  }

  methodLine(info) {
    if (info.state === 'checking') return t('signin.checking');
    if (!info.logged_in) return t(`signin.title.${problems.includes(info.state) ? info.state : 'signed_out'}`);
    const known = ['api_key', 'oauth_token']; // What CLI 2.1 was seen to answer; another name is shown as it is.
    const method = known.includes(info.auth_method) ? t(`signin.method.${info.auth_method}`) : info.auth_method || '?';
    const source = info.api_key_source ? ` (${info.api_key_source})` : '';
    return t('signin.method', { method: method + source, version: info.cli_version || '?' });
  }

  commandRow(command) {
    const copy = element('button', { text: t('signin.copy'), attributes: { type: 'button', 'data-action': 'copy-fix' } });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(command);
        copy.textContent = t('signin.copied');
      } catch {
        copy.textContent = t('signin.copy_failed');
      }
    });
    return element('div', { className: 'card-row' }, element('code', { className: 'command', text: command }), copy);
  }

  modeSwitch() {
    const box = element('input', { attributes: { type: 'checkbox', 'data-setting': 'subscription_only' } });
    box.checked = this.authMode === 'subscription_only';
    box.addEventListener('change', async () => {
      const result = await this.connection.command('set_auth_mode', { mode: box.checked ? 'subscription_only' : 'automatic' });
      this.error = result.ok ? '' : result.error;
      if (!result.ok) box.checked = !box.checked;
      this.render();
    });
    return element('label', { className: 'settings-row' }, box, element('span', { text: t('signin.subscription_only') }));
  }

  async checkAgain() {
    const result = await this.connection.command('check_sign_in');
    this.error = result.ok ? '' : result.error;
    this.render();
  }
}
