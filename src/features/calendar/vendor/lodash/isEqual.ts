export { isEqual as default } from 'es-toolkit';
