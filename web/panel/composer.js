// The message box. Enter sends and Shift+Enter breaks the line, except while an input method is
// composing (Japanese, Chinese, Korean): there Enter confirms the composition and never sends.
export class Composer {
  constructor({ form, input, interrupt, onSend, onInterrupt }) {
    this.input = input;
    this.composing = false;
    input.addEventListener('compositionstart', () => { this.composing = true; });
    input.addEventListener('compositionend', () => {
      // Some browsers deliver the confirming Enter's keydown just after compositionend.
      this.justComposed = true;
      this.composing = false;
      setTimeout(() => { this.justComposed = false; }, 0);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.shiftKey) return;
      // keyCode 229 marks a key the input method consumed.
      if (event.isComposing || this.composing || this.justComposed || event.keyCode === 229) return;
      event.preventDefault();
      form.requestSubmit();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      onSend(text).then((sent) => { if (sent) input.value = ''; });
    });
    interrupt.addEventListener('click', () => onInterrupt());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !interrupt.disabled) onInterrupt();
    });
  }
}
