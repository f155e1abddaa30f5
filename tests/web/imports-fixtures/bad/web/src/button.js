// fixture: a widget that makes its element itself (no dom.js); a comment's document.createElement('x') is not code
export const remove = () => document.createElement('button');
