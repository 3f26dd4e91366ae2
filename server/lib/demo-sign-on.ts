import { isIP } from 'node:net';

/** The variable that lets the demo sign-on listen beyond this machine (README "Безопасность"). */
export const DEMO_SIGN_ON_FLAG = 'DEMO_SIGN_ON_ON_NETWORK';

/** Whether a listen address reaches only this machine: localhost, 127.0.0.0/8, ::1 (also as ::ffff:127.x.x.x). */
export function isLoopback(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || /^(0+:){7}0*1$/.test(bare);
  return false;
}

/**
 * The demo sign-on page gives anyone who reaches it a session of any user, the administrator included. So the reference
 * server refuses to listen on a non-loopback address unless the flag says "1" on purpose; the message says why (Russian,
 * for the console). Null when it may start.
 */
export function demoSignOnRefusal(host: string, env: Record<string, string | undefined>): string | null {
  if (isLoopback(host) || env[DEMO_SIGN_ON_FLAG] === '1') return null;
  return [
    `Сервер не запущен: адрес ${host} доступен не только с этого компьютера.`,
    'Демонстрационная страница входа (/sso/authorize) выдаёт любому, кто её откроет, вход под любым пользователем, включая администратора.',
    `Запускайте на 127.0.0.1 (по умолчанию) или, если это сознательно (закрытая сеть для показа), задайте ${DEMO_SIGN_ON_FLAG}=1.`,
  ].join('\n');
}
