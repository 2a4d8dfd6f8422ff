// The history view: the project's sessions (title, date), searched by the words in their messages;
// resume one, delete one (a second click confirms), or start a new session.
import { element } from './dom.js';
import { t } from './i18n.js';

export class HistoryView {
  constructor(connection, showChat) {
    this.connection = connection;
    this.showChat = showChat;
    this.list = document.getElementById('history-list');
    this.search = document.getElementById('history-search');
    document.getElementById('refresh-history').addEventListener('click', () => this.refresh());
    // Searching reads transcripts on the host, so it waits for a pause in typing.
    let typing;
    this.search.addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(() => this.refresh(), 250); });
    document.getElementById('new-session').addEventListener('click', async () => {
      const result = await this.connection.command('new_session');
      if (result.ok) this.showChat();
    });
  }

  async refresh() {
    const query = this.search.value.trim();
    const result = await this.connection.command('list_history', query ? { query } : {});
    if (!result.ok) {
      this.list.replaceChildren(element('li', { className: 'card-error', text: result.error }));
      return;
    }
    const sessions = result.sessions ?? [];
    if (!sessions.length) {
      this.list.replaceChildren(element('li', { className: 'note', text: query ? t('history.no_match', { query }) : t('history.empty') }));
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
      return element('li', { className: 'history-row' }, button, this.deleteButton(session));
    }));
  }

  // Deleting cannot be undone, so the first click only asks; the second deletes.
  deleteButton(session) {
    const title = session.title || t('history.untitled');
    const remove = element('button', { className: 'history-delete', text: t('history.delete'),
      attributes: { type: 'button', 'aria-label': t('history.delete_label', { title }) } });
    remove.addEventListener('click', async () => {
      if (remove.dataset.armed !== 'true') {
        remove.dataset.armed = 'true';
        remove.textContent = t('history.delete_confirm');
        return;
      }
      const deleted = await this.connection.command('delete_history', { session_id: session.session_id });
      if (deleted.ok) this.refresh();
      else remove.after(element('span', { className: 'card-error', text: deleted.error }));
    });
    return remove;
  }
}
