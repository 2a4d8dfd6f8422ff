// The "/" popup: while the message is a bare "/word", it lists the CLI's slash commands (from its
// initialize answer) that start with it. Up/Down move, Tab or Enter picks, Escape closes; the
// picked command goes into the input and is later sent verbatim.
import { element } from './dom.js';

export class SlashPopup {
  constructor(input, list, commands) {
    this.input = input;
    this.list = list;
    this.commands = commands;
    this.matches = [];
    this.selected = 0;
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
  }

  get open() { return !this.list.hidden; }

  update() {
    const text = this.input.value;
    const typed = /^\/(\S*)$/.exec(text);
    if (!typed) return this.close();
    const prefix = typed[1].toLowerCase();
    this.matches = this.commands().filter((command) => command.name.toLowerCase().startsWith(prefix)).slice(0, 50);
    if (!this.matches.length) return this.close();
    this.selected = Math.min(this.selected, this.matches.length - 1);
    this.render();
  }

  render() {
    this.list.replaceChildren(...this.matches.map((command, index) => {
      const option = element('li', { className: 'slash-option', attributes: { role: 'option', id: `slash-${index}`, 'aria-selected': String(index === this.selected) } },
        element('span', { className: 'slash-name', text: `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}` }),
        element('span', { className: 'slash-description', text: command.description ?? '' }));
      option.addEventListener('mousedown', (event) => { event.preventDefault(); this.pick(index); });
      return option;
    }));
    this.list.hidden = false;
    this.list.children[this.selected]?.scrollIntoView({ block: 'nearest' });
    this.input.setAttribute('aria-expanded', 'true');
    this.input.setAttribute('aria-activedescendant', `slash-${this.selected}`);
  }

  close() {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  pick(index) {
    const command = this.matches[index];
    if (!command) return;
    this.input.value = `/${command.name} `;
    this.close();
    this.input.focus();
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
