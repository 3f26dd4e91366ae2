export { mapValues as default } from 'es-toolkit';
