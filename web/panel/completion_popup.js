// The completion popup above the composer, fed by sources: the CLI's slash commands while the
// message is a bare "/word", and project paths after "@" (the host lists one folder per request).
// Up/Down move, Tab or Enter picks, Escape closes. Picking a folder lists its entries next.
import { element } from './dom.js';

// Slash commands from the CLI's initialize answer; the picked command is later sent verbatim.
export function slashSource(commands) {
  return {
    async find(text) {
      const typed = /^\/(\S*)$/.exec(text);
      if (!typed) return null;
      const prefix = typed[1].toLowerCase();
      return commands().filter((command) => command.name.toLowerCase().startsWith(prefix)).slice(0, 50)
        .map((command) => ({ name: `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`, description: command.description ?? '', command }));
    },
    apply(input, item) {
      input.value = `/${item.command.name} `;
      return false;
    },
  };
}

// "@path" mentions: the word before the caret that starts with "@". The message keeps "@path" as
// typed; the model reads the file with its own tools.
export function mentionSource(complete) {
  const before = (input) => input.value.slice(0, input.selectionStart ?? input.value.length);
  const typedAt = (text) => /(?:^|\s)@([^\s@]*)$/.exec(text);
  return {
    async find(text, input) {
      const typed = typedAt(before(input));
      if (!typed) return null;
      const result = await complete(typed[1]);
      if (!result.ok || !result.candidates?.length) return null;
      return result.candidates.map((candidate) => ({ name: `@${candidate.path}`, description: '', candidate }));
    },
    apply(input, item) {
      const head = before(input);
      const typed = typedAt(head);
      if (!typed) return false;
      const start = head.length - typed[1].length;
      const insert = item.candidate.path + (item.candidate.folder ? '' : ' ');
      input.value = head.slice(0, start) + insert + input.value.slice(head.length);
      input.selectionStart = input.selectionEnd = start + insert.length;
      return item.candidate.folder; // A folder: show what is in it.
    },
  };
}

export class CompletionPopup {
  constructor(input, list, sources) {
    this.input = input;
    this.list = list;
    this.sources = sources;
    this.matches = [];
    this.selected = 0;
    this.asked = 0; // Answers to an older keystroke are dropped.
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
  }

  get open() { return !this.list.hidden; }

  async update() {
    const asked = ++this.asked;
    for (const source of this.sources) {
      const found = await source.find(this.input.value, this.input);
      if (asked !== this.asked) return;
      if (!found) continue;
      if (!found.length) break;
      this.source = source;
      this.matches = found;
      this.selected = Math.min(this.selected, found.length - 1);
      this.render();
      return;
    }
    this.close();
  }

  render() {
    this.list.replaceChildren(...this.matches.map((item, index) => {
      const option = element('li', { className: 'completion-option', attributes: { role: 'option', id: `completion-${index}`, 'aria-selected': String(index === this.selected) } },
        element('span', { className: 'completion-name', text: item.name }),
        element('span', { className: 'completion-description', text: item.description }));
      option.addEventListener('mousedown', (event) => { event.preventDefault(); this.pick(index); });
      return option;
    }));
    this.list.hidden = false;
    this.list.children[this.selected]?.scrollIntoView({ block: 'nearest' });
    this.input.setAttribute('aria-expanded', 'true');
    this.input.setAttribute('aria-activedescendant', `completion-${this.selected}`);
  }

  close() {
    this.asked += 1;
    this.list.hidden = true;
    this.selected = 0;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  pick(index) {
    const item = this.matches[index];
    if (!item) return;
    const more = this.source.apply(this.input, item);
    this.close();
    this.input.focus();
    if (more) this.update();
  }

  // Handles a key while the popup is open; true when it consumed the key.
  handleKey(event) {
    if (!this.open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.selected = (this.selected + step + this.matches.length) % this.matches.length;
      this.render();
    } else if (event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey)) {
      this.pick(this.selected);
    } else if (event.key === 'Escape') {
      this.close();
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }
}
