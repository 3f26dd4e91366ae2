import type { FastifyInstance } from 'fastify';
import { ROLE_NAMES, type Services } from '../lib/services';
import { issueCode } from './auth';
import { allUsers } from './users';
import { FEATURED_LOGINS } from '../seed/users';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Only the app's own /callback may receive a code (no open redirect): on the provider's origin, or on one of the
 * configured app origins when the provider lives on another origin (cross-origin deployment).
 */
function safeRedirect(uri: unknown, origin: string, appOrigins: readonly string[]): string | null {
  if (typeof uri !== 'string') return null;
  try {
    const url = new URL(uri, origin);
    return (url.origin === origin || appOrigins.includes(url.origin)) && url.pathname === '/callback' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The demo sign-on provider (DESIGN.md): GET shows the demo users with full name and role, POST issues a one-time
 * code and redirects to /callback?code=… in the same window. Plain HTML forms, no scripts (works under the CSP).
 */
export function registerSso(app: FastifyInstance, s: Services, appOrigins: readonly string[] = []) {
  app.get('/sso/authorize', async (request, reply) => {
    const origin = `${request.protocol}://${request.headers.host}`;
    const query = request.query as Record<string, string | undefined>;
    const redirect = safeRedirect(query.redirect_uri ?? '/callback', origin, appOrigins);
    if (!redirect) return reply.code(400).type('text/html; charset=utf-8').send(page('<p role="alert">Недопустимый адрес возврата.</p>'));
    const users = await allUsers(s);
    const featured = FEATURED_LOGINS.map((login) => users.find((u) => u.username === login)).filter((u) => !!u);
    const others = users.filter((u) => !FEATURED_LOGINS.includes(u.username));
    const button = (u: (typeof users)[number]) => {
      const roles = u.groups.map((g) => ROLE_NAMES[g]).join(', ') || 'без роли';
      return `<li><button type="submit" name="user_id" value="${u.id}"><span class="name">${escapeHtml(u.fio)}</span><span class="role">${escapeHtml(roles)}</span></button></li>`;
    };
    const body = `
      <form method="post" action="/sso/authorize">
        <input type="hidden" name="redirect_uri" value="${escapeHtml(redirect)}">
        <h2>Демонстрационные учётные записи</h2>
        <ul class="users">${featured.map(button).join('')}</ul>
        <details><summary>Все пользователи (${others.length})</summary><ul class="users">${others.map(button).join('')}</ul></details>
      </form>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(body));
  });

  app.post('/sso/authorize', async (request, reply) => {
    const origin = `${request.protocol}://${request.headers.host}`;
    const form = request.body as Record<string, string | undefined>;
    const redirect = safeRedirect(form?.redirect_uri, origin, appOrigins);
    const userId = Number(form?.user_id);
    const users = await allUsers(s);
    if (!redirect || !users.some((u) => u.id === userId)) {
      return reply.code(400).type('text/html; charset=utf-8').send(page('<p role="alert">Неверный запрос входа.</p>'));
    }
    const code = await issueCode(s, userId);
    const target = new URL(redirect);
    target.searchParams.set('code', code);
    return reply.redirect(target.toString(), 303);
  });
}

function page(content: string) {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Вход — демонстрационный провайдер</title><link rel="stylesheet" href="/sso/style.css"></head>
<body><main><h1>Единый вход (демо)</h1><p class="note">Демонстрационная страница входа эталонного сервера. Выберите пользователя — пароль не нужен.</p>${content}</main></body></html>`;
}

export const SSO_CSS = `
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#eef3fb;margin:0;color:#1a202c}
main{max-width:640px;margin:0 auto;padding:24px 16px}
h1{color:#1a4186;font-size:26px;margin:8px 0}
h2{font-size:18px;margin:24px 0 8px}
.note{color:#4a5568}
.users{list-style:none;padding:0;margin:0;display:grid;gap:8px}
.users button{width:100%;display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;text-align:left;padding:12px 16px;border:1px solid #abc3eb;border-radius:12px;background:#fff;font:inherit;cursor:pointer}
.users button:hover,.users button:focus-visible{border-color:#1f4fa3;outline:2px solid #1f4fa3}
.name{font-weight:600}.role{color:#1a4186}
details{margin-top:24px}summary{cursor:pointer;color:#1a4186}
`;
