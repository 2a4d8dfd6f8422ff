// The browser panel's entry point: connects to /panel, applies the snapshot and then every event
// to the views, and switches between chat, history and settings.
import { Composer } from './composer.js';
import { ContextChips } from './context_chips.js';
import { PanelConnection } from './connection.js';
import { HistoryView } from './history.js';
import { currentLanguage, languages, onLanguageChange, setLanguage, t, translatePage } from './i18n.js';
import { InstructionsView } from './instructions.js';
import { IntegrationsView } from './integrations.js';
import { fillSelect } from './dom.js';
import { PermissionCards } from './permissions.js';
import { ProfilesView } from './profiles.js';
import { QuickActions } from './quick_actions.js';
import { SettingsView } from './settings.js';
import { SignInView } from './sign_in.js';
import { StatusBar } from './status.js';
import { Transcript } from './transcript.js';

const connectionLabel = document.getElementById('connection');
const interruptButton = document.getElementById('interrupt');
const baseTitle = document.title;
let turnFinishedUnseen = false;

const connection = new PanelConnection({ onMessage: apply, onState: showConnection });
const transcript = new Transcript(document.getElementById('transcript'), document.getElementById('jump-latest'));
transcript.onRevert = (turnId) => connection.command('revert_turn', { turn_id: turnId });
transcript.onContinue = (turnId) => connection.command('continue_turn', { turn_id: turnId });
transcript.onRetry = (text) => connection.command('retry_last_message', { text });
const permissions = new PermissionCards(document.getElementById('permissions'), connection, updateTitle);
const status = new StatusBar(connection);
const settings = new SettingsView(connection);
const profiles = new ProfilesView(connection);
const quickActions = new QuickActions(document.getElementById('quick-actions'), document.getElementById('input'), connection);
const history = new HistoryView(connection, () => showView('chat'));
const integrations = new IntegrationsView(document.getElementById('integrations'), connection);
const instructions = new InstructionsView(connection);
const signIn = new SignInView(document.getElementById('sign-in'), document.getElementById('sign-in-settings'), connection);

translatePage();
const languageSelect = document.getElementById('settings-language');
fillSelect(languageSelect, languages, currentLanguage());
languageSelect.addEventListener('change', () => setLanguage(languageSelect.value));
onLanguageChange((language) => {
  languageSelect.value = language;
  showConnection(connectionLabel.dataset.state ?? 'connecting');
  transcript.redraw();
  permissions.redraw();
  settings.renderRules(settings.lastRules, settings.lastDenyRules);
  if (!document.getElementById('view-settings').hidden) settings.refresh();
});

async function sendMessage(text, images = []) {
  const result = await connection.command('send', images.length ? { text, images } : { text });
  if (!result.ok) transcript.add({ type: 'notice', level: 'error', text: t('composer.not_sent', { error: result.error }) });
  return result.ok;
}

const reportProblem = (text) => transcript.add({ type: 'notice', level: 'warning', text });
const contextChips = new ContextChips(document.getElementById('context-chips'), document.getElementById('composer'), connection,
  { onSend: sendMessage, onProblem: reportProblem });

new Composer({
  form: document.getElementById('composer'),
  input: document.getElementById('input'),
  interrupt: interruptButton,
  attachments: document.getElementById('attachments'),
  completionList: document.getElementById('completions'),
  commands: () => status.status.slash_commands ?? [],
  completeMention: (prefix) => connection.command('complete_mention', { prefix }),
  onProblem: reportProblem,
  onSend: sendMessage,
  onInterrupt: () => connection.command('interrupt'),
});

// A path as one word for a POSIX shell or PowerShell: quoted unless it is plain.
function shellWord(text) {
  return /^[\w./:\\-]+$/.test(text) ? text : `'${text.replaceAll("'", "''")}'`;
}

function showConnection(state) {
  const known = ['connecting', 'connected', 'reconnecting', 'signed-out', 'host-gone'];
  // Only a host that has gone can have said which project it served ('connecting' comes before the status bar exists).
  const project = state === 'host-gone' && status.status.project ? shellWord(status.status.project) : 'DIR';
  connectionLabel.textContent = known.includes(state) ? t(`connection.${state}`, { project }) : state;
  connectionLabel.dataset.state = state;
  // Without the host the last status is stale: the bar must not keep saying "ready".
  if (['reconnecting', 'signed-out', 'host-gone'].includes(state)) status.merge({ state: 'disconnected' });
}

function updateTitle() {
  // A badge in the tab title while a card waits or after a turn finished out of sight.
  const prefix = permissions.count ? `(${permissions.count}) ` : turnFinishedUnseen ? '✓ ' : '';
  document.title = prefix + baseTitle;
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden) { turnFinishedUnseen = false; updateTitle(); }
});

function updateRunning() {
  const running = ['running', 'waiting_permission'].includes(status.status.state);
  interruptButton.disabled = !running;
  // Retry and Edit wait for the turn to end (the host would refuse them until then).
  document.getElementById('transcript').dataset.running = String(running);
  transcript.setCurrentTurn(status.status.turn_id);
  settings.renderRules(status.status.always_allow, status.status.always_deny);
  profiles.render(status.status.profiles, status.status.profiles_enabled);
  quickActions.renderProfiles(status.status.profiles);
  integrations.render(status.status.integrations);
  signIn.update(status.status);
  instructions.update(status.status);
}

function apply(message) {
  switch (message.type) {
    case 'snapshot':
      status.replace(message.status);
      transcript.reset(message.transcript, message.streaming);
      permissions.reset(message.pending_permissions);
      updateRunning();
      contextChips.read();
      quickActions.read();
      break;
    case 'status':
      status.merge(message.status);
      updateRunning();
      break;
    case 'text_delta':
      transcript.appendDelta(message.text ?? '');
      break;
    case 'transcript_reset':
      transcript.reset(message.items);
      permissions.reset([]);
      break;
    case 'permission_requested':
      permissions.add(message.permission);
      break;
    case 'permission_answered':
    case 'permission_withdrawn':
      permissions.remove(message.permission_id);
      break;
    case 'context':
      contextChips.apply(message);
      break;
    case 'quick_actions':
      quickActions.applyOwn(message.actions);
      break;
    case 'integration_install':
      integrations.progress(message);
      break;
    case 'turn_finished':
      transcript.add(message);
      if (document.hidden) { turnFinishedUnseen = true; updateTitle(); }
      break;
    default:
      transcript.add(message);
  }
}

function showView(name) {
  for (const button of document.querySelectorAll('nav [data-view]'))
    button.setAttribute('aria-pressed', String(button.dataset.view === name));
  for (const view of ['chat', 'history', 'settings'])
    document.getElementById(`view-${view}`).hidden = view !== name;
  if (name === 'history') history.refresh();
  if (name === 'settings') settings.refresh();
}

for (const button of document.querySelectorAll('nav [data-view]'))
  button.addEventListener('click', () => showView(button.dataset.view));

// Tests and tooling read the connection state from here; it carries no credential.
window.uapPanel = { connection, status, setLanguage };
