// The history view: the project's sessions (title, date), resume one, or start a new session.
import { element } from './dom.js';
import { t } from './i18n.js';

export class HistoryView {
  constructor(connection, showChat) {
    this.connection = connection;
    this.showChat = showChat;
    this.list = document.getElementById('history-list');
    document.getElementById('refresh-history').addEventListener('click', () => this.refresh());
    document.getElementById('new-session').addEventListener('click', async () => {
      const result = await this.connection.command('new_session');
      if (result.ok) this.showChat();
    });
  }

  async refresh() {
    const result = await this.connection.command('list_history');
    if (!result.ok) {
      this.list.replaceChildren(element('li', { className: 'card-error', text: result.error }));
      return;
    }
    const sessions = result.sessions ?? [];
    if (!sessions.length) {
      this.list.replaceChildren(element('li', { className: 'note', text: t('history.empty') }));
      return;
    }
    this.list.replaceChildren(...sessions.map((session) => {
      const button = element('button', { className: 'history-item', attributes: { type: 'button', 'data-session-id': session.session_id } },
        element('span', { className: 'history-title', text: session.title || t('history.untitled') }),
        element('time', { className: 'history-date', text: new Date(session.modified_unix_ms).toLocaleString() }));
      button.addEventListener('click', async () => {
        const resumed = await this.connection.command('resume', { session_id: session.session_id });
        if (resumed.ok) this.showChat();
        else button.append(element('span', { className: 'card-error', text: resumed.error }));
      });
      return element('li', {}, button);
    }));
  }
}
