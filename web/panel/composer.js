// The message box. Enter sends and Shift+Enter breaks the line, except while an input method is
// composing (Japanese, Chinese, Korean): there Enter confirms the composition and never sends.
// Images pasted or dropped into it travel with the next message; "/" and "@" open completions.
import { element } from './dom.js';
import { t } from './i18n.js';
import { CompletionPopup, mentionSource, slashSource } from './completion_popup.js';

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const maxImageBytes = 5 * 1024 * 1024; // The Messages API's limit for one image.

function readAsBase64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export class Composer {
  constructor({ form, input, interrupt, attachments, completionList, commands, completeMention, onSend, onInterrupt, onProblem }) {
    this.input = input;
    this.completion = new CompletionPopup(input, completionList, [slashSource(commands), mentionSource(completeMention)]);
    this.attachments = attachments;
    this.images = [];
    this.onProblem = onProblem;
    this.composing = false;
    input.addEventListener('paste', (event) => this.takeFiles(event.clipboardData?.files, event));
    form.addEventListener('dragover', (event) => { if (event.dataTransfer?.types.includes('Files')) event.preventDefault(); });
    form.addEventListener('drop', (event) => this.takeFiles(event.dataTransfer?.files, event));
    input.addEventListener('compositionstart', () => { this.composing = true; });
    input.addEventListener('compositionend', () => {
      // Some browsers deliver the confirming Enter's keydown just after compositionend.
      this.justComposed = true;
      this.composing = false;
      setTimeout(() => { this.justComposed = false; }, 0);
    });
    input.addEventListener('keydown', (event) => {
      // keyCode 229 marks a key the input method consumed.
      if (event.isComposing || this.composing || this.justComposed || event.keyCode === 229) return;
      if (this.completion.handleKey(event)) return;
      if (event.key !== 'Enter' || event.shiftKey) return;
      event.preventDefault();
      form.requestSubmit();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text && !this.images.length) return;
      const images = this.images.map(({ media_type, data }) => ({ media_type, data }));
      onSend(text, images).then((sent) => {
        if (!sent) return;
        input.value = '';
        this.images = [];
        this.renderAttachments();
      });
    });
    interrupt.addEventListener('click', () => onInterrupt());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !interrupt.disabled && !event.defaultPrevented) onInterrupt();
    });
  }

  async takeFiles(files, event) {
    const images = [...(files ?? [])].filter((file) => imageTypes.has(file.type));
    if (!images.length) return;
    event.preventDefault();
    for (const file of images) {
      if (file.size > maxImageBytes) {
        this.onProblem(t('composer.too_large', { name: file.name || t('composer.the_image') }));
        continue;
      }
      const data = await readAsBase64(file);
      this.images.push({ media_type: file.type, data, name: file.name || t('composer.pasted_image') });
    }
    this.renderAttachments();
  }

  renderAttachments() {
    this.attachments.replaceChildren(...this.images.map((image, index) => {
      const remove = element('button', { className: 'remove-attachment', text: '×', attributes: { type: 'button', 'aria-label': t('composer.remove', { name: image.name }) } });
      remove.addEventListener('click', () => { this.images.splice(index, 1); this.renderAttachments(); });
      return element('span', { className: 'attachment' },
        element('img', { attributes: { src: `data:${image.media_type};base64,${image.data}`, alt: image.name } }), remove);
    }));
    this.attachments.hidden = !this.images.length;
  }
}
