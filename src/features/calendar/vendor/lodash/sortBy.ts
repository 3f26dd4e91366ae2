export { sortBy as default } from 'es-toolkit';
