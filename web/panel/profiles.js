// The settings page's extension profiles: every profile the host knows (from the status's
// "profiles"), its state and whether the running agent has it, a switch each plus a master
// switch, and for a pending project profile its full text and an Approve button for those bytes.
import { element } from './dom.js';
import { onLanguageChange, t } from './i18n.js';

export class ProfilesView {
  constructor(connection) {
    this.connection = connection;
    this.list = document.getElementById('profiles');
    this.note = document.getElementById('profiles-note');
    this.master = document.getElementById('profiles-enabled');
    this.master.addEventListener('change', () => this.setEnabled('all', this.master.checked));
    onLanguageChange(() => {
      this.rendered = undefined;
      this.render(this.profiles, this.enabled);
    });
  }

  async setEnabled(id, enabled) {
    const result = await this.connection.command('set_profile_enabled', { profile_id: id, enabled });
    this.note.textContent = result.ok ? t('profiles.saved') : result.error;
  }

  // profiles: the status's list; enabled: the master switch.
  // Re-rendered only when they changed, so an open review survives the status events of a turn.
  render(profiles, enabled) {
    const key = JSON.stringify([profiles ?? [], enabled]);
    if (key === this.rendered) return;
    this.rendered = key;
    this.profiles = profiles;
    this.enabled = enabled;
    if (document.activeElement !== this.master) this.master.checked = enabled !== false;
    if (!profiles?.length) {
      this.list.replaceChildren(element('li', { className: 'note', text: t('profiles.none') }));
      return;
    }
    this.list.replaceChildren(...profiles.map((profile) => this.profileView(profile)));
  }

  profileView(profile) {
    const toggle = element('input', { attributes: { type: 'checkbox', 'aria-label': t('profiles.use', { name: profile.display_name }) } });
    toggle.checked = profile.state !== 'switched_off';
    toggle.disabled = profile.state === 'invalid' || profile.state === 'duplicate';
    toggle.addEventListener('change', () => this.setEnabled(profile.id, toggle.checked));
    const item = element('li', { className: 'profile', attributes: { 'data-profile-id': profile.id } },
      element('label', { className: 'pack-header' }, toggle,
        element('span', { className: 'pack-name', text: profile.display_name }),
        element('span', { className: `badge profile-${profile.state}`, text: t(`profiles.state.${profile.state}`) }),
        element('span', { className: 'badge', text: t(`profiles.origin.${profile.origin}`) }),
        profile.in_cli ? element('span', { className: 'badge state-loaded', text: t('profiles.in_use') }) : null));
    if (profile.state === 'pending_approval') {
      const review = element('button', { text: t('profiles.review'), attributes: { type: 'button' } });
      review.addEventListener('click', () => this.review(profile.id, item, review));
      item.append(review);
    }
    return item;
  }

  // Shows the file's exact text; Approve approves those bytes (the host refuses if the file changed since).
  async review(id, item, button) {
    button.disabled = true;
    const result = await this.connection.command('show_profile', { profile_id: id });
    if (!result.ok) {
      this.note.textContent = result.error;
      button.disabled = false;
      return;
    }
    const approve = element('button', { text: t('profiles.approve'), attributes: { type: 'button' } });
    approve.addEventListener('click', async () => {
      approve.disabled = true;
      const answer = await this.connection.command('approve_profile', { profile_id: id, sha256: result.profile.sha256 });
      this.note.textContent = answer.ok ? t('profiles.approved', { id }) : answer.error;
      approve.disabled = answer.ok;
    });
    item.append(element('pre', { className: 'profile-text', text: result.profile.text }),
      element('p', { className: 'note', text: t('profiles.file', { file: result.profile.file, sha256: result.profile.sha256 }) }), approve);
  }
}
