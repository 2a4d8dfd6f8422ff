// The context chips above the composer: what the host offers to attach to the next message (pins,
// sketches, the selection, Console errors, a scene summary, dropped assets and objects). A click
// attaches or detaches one; each shows its size, and on hover exactly what the model will read.
import { element } from './dom.js';
import { currentLanguage, onLanguageChange, t } from './i18n.js';

const projectPath = /^(Assets|Packages)(\/|$)/;
// What "Ask Claude to fix" sends: text for the agent, so never translated (like the rest of what it reads).
const fixPrompt = 'Fix the Console error attached to this message.';

export function sizeText(bytes) {
  return bytes < 1024 ? t('chips.bytes', { count: bytes }) : t('chips.kilobytes', { count: (bytes / 1024).toFixed(1) });
}

export class ContextChips {
  // onSend(text): sends a message as the composer does (used by "Ask Claude to fix").
  constructor(container, composerForm, connection, { onSend, onProblem }) {
    this.container = container;
    this.connection = connection;
    this.onSend = onSend;
    this.onProblem = onProblem;
    this.state = { items: [], attached: [], attached_bytes: 0 };
    onLanguageChange(() => this.render(true));
    // A project path dragged as text (from a file list, the Project window, a message) becomes a
    // chip; any other text is left for the message box to take as typed text.
    composerForm.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('text/plain')) event.preventDefault();
    });
    composerForm.addEventListener('drop', (event) => {
      const text = event.dataTransfer?.getData('text/plain')?.trim() ?? '';
      const fields = projectPath.test(text) ? { asset: text } : text.startsWith('/') && !text.includes('\n') ? { object: text } : null;
      if (!fields || event.dataTransfer.files?.length) return;
      event.preventDefault();
      this.run('add_context', fields);
    });
  }

  // A context event, or a command_result that carries the chips.
  apply(state) {
    if (!Array.isArray(state?.items)) return;
    this.state = { items: state.items, attached: state.attached ?? [], attached_bytes: state.attached_bytes ?? 0 };
    this.render();
  }

  // The snapshot has no chips: a panel that connects asks for them.
  read() { return this.run('attach_context'); }

  async run(type, fields = {}) {
    const result = await this.connection.command(type, fields);
    if (result.ok) this.apply(result);
    else this.onProblem(t('chips.refused', { error: result.error }));
    return result.ok;
  }

  toggle(id) {
    const attached = new Set(this.state.attached);
    if (attached.has(id)) attached.delete(id); else attached.add(id);
    return this.run('attach_context', { ids: [...attached] });
  }

  async askToFix() {
    const attached = new Set(this.state.attached);
    attached.add('console');
    if (await this.run('attach_context', { ids: [...attached] })) await this.onSend(fixPrompt);
  }

  render(force = false) {
    const key = JSON.stringify([this.state, currentLanguage()]);
    if (key === this.drawn && !force) return;
    this.drawn = key;
    const { items, attached, attached_bytes: bytes } = this.state;
    this.container.hidden = items.length === 0;
    const chips = items.map((item) => this.chip(item, attached.includes(item.id)));
    const summary = element('span', { className: 'chips-summary',
      text: attached.length ? t('chips.attached', { count: attached.length, size: sizeText(bytes) }) : t('chips.none_attached') });
    this.container.replaceChildren(summary, ...chips);
  }

  chip(item, attached) {
    const label = item.kind === 'scene' ? t('chips.scene') : item.label;
    const kind = t(`chips.kind.${item.kind}`);
    // The scene summary is made when it is attached: until then there is nothing to preview.
    const preview = item.text || t('chips.scene_hint');
    const toggle = element('button', { className: 'chip-toggle', attributes: {
      type: 'button', 'aria-pressed': String(attached), title: preview,
      'aria-label': t(attached ? 'chips.detach' : 'chips.attach', { name: `${kind} ${label}` }) } },
    element('span', { className: 'chip-kind', text: kind }),
    element('span', { className: 'chip-label', text: label }),
    element('span', { className: 'chip-size', text: item.bytes ? sizeText(item.bytes) : '' }));
    toggle.addEventListener('click', () => this.toggle(item.id));
    const chip = element('span', { className: 'context-chip', attributes: { 'data-chip-id': item.id, 'data-kind': item.kind, 'data-attached': String(attached) } }, toggle);
    if (item.kind === 'console') {
      const fix = element('button', { className: 'ask-to-fix', text: t('chips.ask_to_fix'), attributes: { type: 'button' } });
      fix.addEventListener('click', () => this.askToFix());
      chip.append(fix);
    }
    return chip;
  }
}
