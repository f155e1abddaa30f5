// fixture: the page's DOM helpers
export const el = (tag) => tag;
