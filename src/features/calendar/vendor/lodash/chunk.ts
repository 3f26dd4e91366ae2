export { chunk as default } from 'es-toolkit';
