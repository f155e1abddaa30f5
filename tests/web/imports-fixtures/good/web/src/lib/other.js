// fixture
export const other = 2;
