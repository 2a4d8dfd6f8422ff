// Tiny helpers for building elements from text (never from HTML strings).
export function element(tag, { className, text, attributes } = {}, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

export function formatJson(value) {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function fillSelect(select, options, current) {
  select.replaceChildren(...options.map(({ value, label }) => {
    const option = element('option', { text: label ?? value });
    option.value = value;
    return option;
  }));
  if (current !== undefined) select.value = current;
}
