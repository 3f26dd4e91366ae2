export { range as default } from 'es-toolkit';
