export { omit as default } from 'es-toolkit';
