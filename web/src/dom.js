// dom.js: the one DOM helper of the views: an element with its properties,
// attributes and children in one call, and the button every bar uses.

/** el('div', { className: 'row', 'aria-label': 'Run', dataset: { x: '1' } }, child, 'text'):
 *  a property of the element is set as one (className, id, textContent, hidden,
 *  type, …), anything else as an attribute; `dataset` is merged. */
export function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

/** A button with a tooltip. */
export function button(text, title) {
  return el('button', { type: 'button', textContent: text, ...(title ? { title } : {}) });
}
