// The host's Markdown tree (docs/panel-protocol.md, "Rendered Markdown") → DOM, built from
// elements and text nodes only (code coloured by highlight.js is checked to be spans of its own
// text), so model text never becomes markup. Web and mail links open in a
// new tab without an opener; asset links show the path, since a browser cannot open an asset.
import { element } from './dom.js';

const inlineTags = { emphasis: 'em', strong: 'strong' };

function renderInline(node) {
  switch (node?.type) {
    case 'text': return document.createTextNode(node.text ?? '');
    case 'code': return element('code', { text: node.text ?? '' });
    case 'break': return element('br');
    case 'emphasis':
    case 'strong': return element(inlineTags[node.type], {}, ...renderInlines(node.inlines));
    case 'link': return renderLink(node);
    default: return document.createTextNode(node?.text ?? ''); // an unknown run shows its text
  }
}

function renderInlines(inlines) {
  return (Array.isArray(inlines) ? inlines : []).map(renderInline);
}

function renderLink(node) {
  const link = element('a', {}, ...renderInlines(node.inlines));
  if (node.kind === 'asset') {
    link.className = 'asset-link';
    link.dataset.asset = node.target ?? '';
    link.title = node.target ?? '';
    return link;
  }
  // The host already checked the target; this second check keeps a hostile host from reaching a script.
  if (!/^(https?:|mailto:)/i.test(node.target ?? '')) return document.createTextNode(link.textContent);
  link.href = node.target;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  return link;
}

function renderCode(node) {
  const pre = element('pre', { attributes: { 'data-language': node.language ?? '' } });
  const copy = element('button', { className: 'copy-code', text: 'Copy', attributes: { type: 'button' } });
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(node.text ?? '');
    copy.textContent = 'Copied';
    setTimeout(() => { copy.textContent = 'Copy'; }, 1200);
  });
  if (node.language) pre.append(element('span', { className: 'code-language', text: node.language }));
  pre.append(copy, highlighted(node.text ?? '', node.language ?? ''));
  return pre;
}

// Past this size a block is shown plain: colouring a huge block would hold the page up.
const maxHighlightedBytes = 100 * 1024;

// The code coloured by highlight.js when the fence names a language it knows. Its output is the
// code's text, escaped, in <span class="hljs-..."> elements; it is used only when it is exactly
// that (nothing but spans, the same text), so the code can never become markup.
function highlighted(text, language) {
  const code = element('code', { text });
  const hljs = window.hljs;
  if (!hljs || !language || text.length > maxHighlightedBytes || !hljs.getLanguage(language)) return code;
  const coloured = document.createElement('code');
  try {
    coloured.innerHTML = hljs.highlight(text, { language, ignoreIllegals: true }).value;
  } catch {
    return code;
  }
  const onlySpans = [...coloured.querySelectorAll('*')].every((child) => child.tagName === 'SPAN' && [...child.attributes].every((attribute) => attribute.name === 'class'));
  if (!onlySpans || coloured.textContent !== text) return code;
  coloured.className = 'hljs';
  return coloured;
}

function renderList(node) {
  const list = element(node.ordered ? 'ol' : 'ul');
  if (node.ordered && node.start !== undefined && node.start !== 1) list.start = node.start;
  for (const item of Array.isArray(node.items) ? node.items : []) list.append(element('li', {}, ...renderBlocks(item)));
  return list;
}

function renderRow(cells, tag, align) {
  const row = element('tr');
  (Array.isArray(cells) ? cells : []).forEach((cell, column) => {
    const node = element(tag, {}, ...renderInlines(cell));
    if (align[column] && align[column] !== 'none') node.style.textAlign = align[column];
    row.append(node);
  });
  return row;
}

function renderTable(node) {
  const align = Array.isArray(node.align) ? node.align : [];
  const head = element('thead', {}, renderRow(node.header, 'th', align));
  const body = element('tbody', {}, ...(Array.isArray(node.rows) ? node.rows : []).map((row) => renderRow(row, 'td', align)));
  return element('div', { className: 'table-scroll' }, element('table', {}, head, body));
}

function renderBlock(node) {
  switch (node?.type) {
    case 'paragraph': return element('p', {}, ...renderInlines(node.inlines));
    case 'heading': return element(`h${Math.min(6, Math.max(1, Number(node.level) || 1))}`, {}, ...renderInlines(node.inlines));
    case 'list': return renderList(node);
    case 'code': return renderCode(node);
    case 'table': return renderTable(node);
    case 'quote': return element('blockquote', {}, ...renderBlocks(node.blocks));
    case 'rule': return element('hr');
    default: return null; // unknown blocks are skipped, as the protocol allows
  }
}

function renderBlocks(blocks) {
  return (Array.isArray(blocks) ? blocks : []).map(renderBlock).filter(Boolean);
}

// The message body for an assistant message: the tree, or its text as plain text when the host
// sent none (an older host) or fell back because the message passed a limit.
export function renderAssistantBody(event) {
  const markdown = event.markdown;
  if (!markdown || markdown.fallback || !Array.isArray(markdown.blocks)) {
    const body = element('div', { className: 'body plain', text: event.text ?? '' });
    if (markdown?.reason) body.title = markdown.reason;
    return body;
  }
  return element('div', { className: 'body markdown' }, ...renderBlocks(markdown.blocks));
}
