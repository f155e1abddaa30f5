// layout.js: the frame every view shares: a control column beside a chart
// column, a heading with an introduction, and the in-place error box.

/** Fills container with the two columns; title/intro (optional) head the
 *  controls. Returns { side, charts }. */
export function viewLayout(container, title, intro) {
  container.className = 'view';
  const side = document.createElement('div');
  side.className = 'controls';
  const charts = document.createElement('div');
  charts.className = 'charts';
  container.append(side, charts);
  if (title) {
    const h2 = document.createElement('h2');
    h2.textContent = title;
    side.append(h2);
  }
  if (intro) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = intro;
    side.append(p);
  }
  return { side, charts };
}

/** A hidden alert box for a core message shown where it occurs. */
export function messageBox() {
  const msg = document.createElement('div');
  msg.className = 'msg-bad';
  msg.setAttribute('role', 'alert');
  msg.hidden = true;
  return msg;
}
