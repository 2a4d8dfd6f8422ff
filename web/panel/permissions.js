// Permission cards: allow, deny with a message, or allow always with a chosen scope (this file,
// this folder, the command, or the tool everywhere), showing the exact rule it will add.
import { element, formatJson } from './dom.js';
import { t } from './i18n.js';

const scopes = ['file', 'folder', 'command', 'suggested', 'tool'];
// Shell commands that delete or overwrite without a way back: recursive or forced removal,
// discarding git work, wiping or formatting disks.
const destructiveCommand = /\b(rm\s+(-\w*[rRf]\w*\s+|--(recursive|force)\b)|rmdir\s+\/s|del\s+\/[sq]|Remove-Item\b.*-(Recurse|Force)|git\s+(reset\s+--hard|clean\s+-\w*f|push\s+(-f\b|--force))|dd\s+if=|mkfs|shred\b|find\b.*\s-delete\b)/i;
const scopeLabel = (scope) => (scopes.includes(scope) ? t(`scope.${scope}`) : scope);

export class PermissionCards {
  constructor(container, connection, onChange) {
    this.container = container;
    this.connection = connection;
    this.onChange = onChange;
    this.cards = new Map();
    this.requests = new Map();
  }

  get count() { return this.cards.size; }

  // Draws the waiting cards again (after a language switch).
  redraw() {
    this.reset([...this.requests.values()]);
  }

  reset(pending) {
    this.container.replaceChildren();
    this.cards.clear();
    this.requests.clear();
    for (const permission of pending ?? []) this.add(permission);
    this.onChange();
  }

  remove(permissionId) {
    this.cards.get(permissionId)?.remove();
    this.cards.delete(permissionId);
    this.requests.delete(permissionId);
    this.onChange();
  }

  add(permission) {
    this.requests.set(permission.permission_id, permission);
    if (permission.tool_name === 'AskUserQuestion' && Array.isArray(permission.input?.questions)) {
      this.addQuestions(permission);
      return;
    }
    const id = permission.permission_id;
    const card = element('section', { className: 'permission-card', attributes: { 'data-permission-id': id, 'aria-label': t('permission.request', { tool: permission.display_name || permission.tool_name }), tabindex: '-1' } });
    const title = element('h3', { text: t('permission.ask', { tool: permission.display_name || permission.tool_name }) });
    const badges = element('div', { className: 'badges' });
    const facts = permission.metadata;
    if (facts) {
      if (facts.read_only) badges.append(element('span', { className: 'badge', text: t('badge.read_only') }));
      badges.append(element('span', { className: `badge${facts.undoable ? '' : ' warn'}`, text: facts.undoable ? t('badge.undoable') : t('badge.not_undoable') }));
      if (facts.destructive) badges.append(element('span', { className: 'badge danger', text: t('badge.destructive') }));
    }
    card.append(title, badges);
    if (permission.description) card.append(element('p', { className: 'description', text: permission.description }));
    card.append(this.inputView(permission));

    const message = element('input', { className: 'deny-message', attributes: { type: 'text', placeholder: t('permission.why_not'), 'aria-label': t('permission.deny_message') } });
    const scopes = permission.always_allow_scopes?.length ? permission.always_allow_scopes
      : (permission.always_allow_rules ?? [permission.tool_name]).map((rule) => ({ scope: 'suggested', rule }));
    const scopeSelect = element('select', { className: 'scope-select', attributes: { 'aria-label': t('permission.always_for') } });
    for (const scope of scopes) {
      const option = element('option', { text: `${scopeLabel(scope.scope)}: ${scope.rule}` });
      option.value = scope.rule;
      scopeSelect.append(option);
    }
    const ruleText = element('code', { className: 'rule-preview', text: scopes[0]?.rule ?? '' });
    scopeSelect.addEventListener('change', () => { ruleText.textContent = scopeSelect.value; });

    const allow = element('button', { className: 'allow', text: t('permission.allow'), attributes: { type: 'button', 'aria-keyshortcuts': 'Y' } });
    const deny = element('button', { className: 'deny', text: t('permission.deny'), attributes: { type: 'button', 'aria-keyshortcuts': 'N' } });
    const always = element('button', { className: 'allow-always', text: t('permission.allow_always'), attributes: { type: 'button' } });
    const error = element('p', { className: 'card-error', attributes: { role: 'alert' } });
    const answer = async (decision, extra) => {
      for (const button of [allow, deny, always]) button.disabled = true;
      const result = await this.connection.command('answer_permission', { permission_id: id, decision, ...extra });
      if (!result.ok) {
        error.textContent = result.error ?? t('permission.refused');
        for (const button of [allow, deny, always]) button.disabled = false;
      }
    };
    allow.addEventListener('click', () => answer('allow'));
    deny.addEventListener('click', () => answer('deny', { message: message.value }));
    // The tool-wide rule is sent with tool_wide: the user picked "this tool everywhere" from the list.
    always.addEventListener('click', () => {
      const chosen = scopes.find((scope) => scope.rule === scopeSelect.value);
      answer('allow_always', chosen?.scope === 'tool' ? { rule: chosen.rule, tool_wide: true } : { rule: scopeSelect.value });
    });
    card.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.isComposing) return;
      if (event.key === 'y' || event.key === 'Y') { event.preventDefault(); allow.click(); }
      if (event.key === 'n' || event.key === 'N') { event.preventDefault(); deny.click(); }
    });
    card.append(
      element('div', { className: 'card-row' }, allow, deny, message),
      element('div', { className: 'card-row always-row' }, always, element('label', { text: t('permission.for') }, scopeSelect),
        element('span', { className: 'rule-label', text: t('permission.adds_rule') }, ruleText)),
      error);
    this.cards.set(id, card);
    this.container.append(card);
    this.takeFocus(card);
    this.onChange();
  }

  // The CLI's AskUserQuestion: each question with its choices (radio buttons, or checkboxes when
  // several may be chosen) and an "Other" free text. Submit allows the tool with the answers as its
  // updated input ({questions, answers: {question text: chosen labels}}); Skip denies it.
  addQuestions(permission) {
    const id = permission.permission_id;
    const questions = permission.input.questions;
    const card = element('section', { className: 'permission-card question-card', attributes: { 'data-permission-id': id, 'aria-label': 'Questions from the agent', tabindex: '-1' } });
    card.append(element('h3', { text: questions.length > 1 ? t('question.title_many') : t('question.title_one') }));
    const readers = questions.map((question, index) => {
      const name = `${id}-question-${index}`;
      const fieldset = element('fieldset', { className: 'question' },
        element('legend', { text: `${question.header ? `${question.header}: ` : ''}${question.question ?? ''}` }));
      const inputs = (question.options ?? []).map((option) => {
        const input = element('input', { attributes: { type: question.multiSelect ? 'checkbox' : 'radio', name, value: option.label ?? '' } });
        fieldset.append(element('label', { className: 'choice' }, input, element('span', { className: 'choice-label', text: option.label ?? '' }),
          option.description ? element('span', { className: 'choice-description', text: ` — ${option.description}` }) : null));
        return input;
      });
      const other = element('input', { className: 'other-answer', attributes: { type: 'text', placeholder: t('question.other'), 'aria-label': t('question.other_label', { question: question.question ?? '' }) } });
      fieldset.append(element('label', { className: 'choice' }, other));
      card.append(fieldset);
      return () => {
        const chosen = inputs.filter((input) => input.checked).map((input) => input.value);
        if (other.value.trim()) chosen.push(other.value.trim());
        return chosen.join(', ');
      };
    });
    const submit = element('button', { className: 'allow', text: t('question.submit'), attributes: { type: 'button' } });
    const skip = element('button', { className: 'deny', text: t('question.skip'), attributes: { type: 'button' } });
    const error = element('p', { className: 'card-error', attributes: { role: 'alert' } });
    const send = async (fields) => {
      error.textContent = '';
      submit.disabled = skip.disabled = true;
      const result = await this.connection.command('answer_permission', { permission_id: id, ...fields });
      if (!result.ok) {
        error.textContent = result.error ?? t('permission.refused');
        submit.disabled = skip.disabled = false;
      }
    };
    submit.addEventListener('click', () => {
      const answers = {};
      questions.forEach((question, index) => { answers[question.question] = readers[index](); });
      if (Object.values(answers).some((answer) => !answer)) {
        error.textContent = t('question.answer_all');
        return;
      }
      send({ decision: 'allow', updated_input: { ...permission.input, answers } });
    });
    skip.addEventListener('click', () => send({ decision: 'deny', message: 'The user skipped the question.' }));
    card.append(element('div', { className: 'card-row' }, submit, skip), error);
    this.cards.set(id, card);
    this.container.append(card);
    this.takeFocus(card);
    this.onChange();
  }

  // A new card takes the keyboard so Y and N answer it at once, unless the user is typing into a
  // field that holds text (their next key would otherwise answer a card they have not read), or
  // an earlier card still waits and holds the focus.
  takeFocus(card) {
    const active = document.activeElement;
    const typing = (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && active.value !== '';
    if (typing || active?.closest?.('.permission-card')) return;
    card.focus({ preventScroll: false });
  }

  inputView(permission) {
    const input = permission.input ?? {};
    const view = element('div', { className: 'permission-input' });
    if (typeof input.command === 'string') {
      if (destructiveCommand.test(input.command))
        view.append(element('p', { className: 'destructive-warning', attributes: { role: 'alert' } },
          element('span', { className: 'badge danger', text: t('badge.destructive') }), document.createTextNode(t('permission.destructive_command'))));
      view.append(element('div', { className: 'tool-section-title', text: 'Command' }), element('pre', { className: 'command', text: input.command }));
      return view;
    }
    const file = input.file_path ?? input.notebook_path;
    if (typeof file === 'string') view.append(element('div', { className: 'file-path', text: file }));
    const preview = permission.preview;
    if (preview?.diff) {
      view.append(this.previewView(preview));
      return view;
    }
    if (preview?.note) view.append(element('p', { className: 'preview-note', text: t('permission.no_preview', { reason: preview.note }) }));
    if (typeof input.old_string === 'string' || typeof input.new_string === 'string') {
      const diff = element('pre', { className: 'diff' });
      for (const line of String(input.old_string ?? '').split('\n')) diff.append(element('span', { className: 'removed', text: `- ${line}\n` }));
      for (const line of String(input.new_string ?? '').split('\n')) diff.append(element('span', { className: 'added', text: `+ ${line}\n` }));
      view.append(diff);
    } else if (typeof input.content === 'string') {
      const diff = element('pre', { className: 'diff' });
      for (const line of input.content.split('\n')) diff.append(element('span', { className: 'added', text: `+ ${line}\n` }));
      view.append(diff);
    } else if (typeof file !== 'string') {
      view.append(element('pre', { className: 'tool-input', text: formatJson(input) }));
    }
    return view;
  }

  // The host's unified diff of the file as it is against the file after the change: the same hunks
  // every front-end shows.
  previewView(preview) {
    const summary = t(preview.new_file ? 'permission.diff_new_file' : 'permission.diff_summary', { added: preview.added, removed: preview.removed });
    const diff = element('pre', { className: 'diff unified' });
    for (const line of preview.diff.split('\n')) {
      if (!line) continue;
      const kind = line.startsWith('@@') ? 'hunk' : line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'context';
      diff.append(element('span', { className: kind, text: `${line}\n` }));
    }
    return element('div', { className: 'preview' }, element('div', { className: 'diff-summary', text: summary }), diff,
      preview.truncated ? element('p', { className: 'preview-note', text: t('permission.diff_truncated') }) : null);
  }
}
