// fixture: the library imports only the library
export { other as shared } from './other.js';
