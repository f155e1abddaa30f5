// fixture
export const draw = 1;
