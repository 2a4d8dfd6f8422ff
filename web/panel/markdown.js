// Streaming text → a DOM preview, safely; final messages render the host's tree (markdown_tree.js).
// markdown-it runs with raw HTML disabled, so model text never becomes markup; links open in a new
// tab without an opener, and any link that is not http(s) or mailto loses its href.
const renderer = window.markdownit({ html: false, linkify: true, breaks: false });

const safeProtocols = new Set(['http:', 'https:', 'mailto:']);

function safeHref(href) {
  try {
    return safeProtocols.has(new URL(href, location.href).protocol);
  } catch {
    return false;
  }
}

export function renderMarkdown(text) {
  const template = document.createElement('template');
  template.innerHTML = renderer.render(text ?? '');
  const fragment = template.content;
  for (const link of fragment.querySelectorAll('a')) {
    const href = link.getAttribute('href') ?? '';
    if (!safeHref(href)) {
      link.removeAttribute('href');
      link.classList.add('inert-link');
      link.title = 'link removed: only http, https and mailto links open';
      continue;
    }
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  for (const block of fragment.querySelectorAll('pre')) {
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy-code';
    copy.textContent = 'Copy';
    copy.addEventListener('click', () => {
      navigator.clipboard?.writeText(block.querySelector('code')?.textContent ?? block.textContent);
      copy.textContent = 'Copied';
      setTimeout(() => { copy.textContent = 'Copy'; }, 1200);
    });
    block.prepend(copy);
  }
  return fragment;
}
