// fixture
export { shared } from '../../lib/shared.js';
