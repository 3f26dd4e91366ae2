export { defaults as default } from 'es-toolkit/compat';
