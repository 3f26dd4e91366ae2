// Playwright runs Debian's Chromium (browser downloads are impossible on these machines).
// Installs it with apt when running as root, otherwise says exactly what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium не найден: устанавливаю пакет chromium (apt-get)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `Для сквозных тестов нужен Chromium по пути ${path}.\n` +
    'Установите его: sudo apt-get update && sudo apt-get install -y chromium\n' +
    '(или укажите другой путь в переменной CHROMIUM_PATH).',
);
process.exit(1);
