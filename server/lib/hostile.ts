import type { Services } from './services';

/**
 * Hostile content for the end-to-end security test (POST /__test/hostile, only with TEST_CONTROL=1): rewrites the
 * demo records in the database so that every server-provided text the app shows carries script, markup, CSS,
 * bidi, zero-width, emoji, overlong and path-trick payloads. The app must show plain texts as text, sanitise rich
 * texts (descriptions of competitions and questionnaires) and never run anything.
 *
 * Every script payload would set window.__pwned or open a dialog: the test watches both, and the CSP reports an
 * inline handler or script that the app put into the DOM as a `securitypolicyviolation` event.
 */

/** Plain-text payloads: appended to names, titles, messages and other texts that are never HTML. */
export const PLAIN_PAYLOADS = [
  `<img src=x onerror="window.__pwned='img'">`,
  `<script>window.__pwned='script'</script>`,
  `<svg onload="window.__pwned='svg'"></svg>`,
  `"><iframe srcdoc="<script>parent.__pwned='iframe'</script>">`,
  `<a href="javascript:window.__pwned='href'">ссылка</a>`,
  `<span style="position:fixed;inset:0;z-index:9999;background:url(hostile-css.png)">CSS</span>`,
  `отчёт\u202Eexe.pdf`,
  `Про\u200Bект\u200D\uFEFF без\u200Bпробелов`,
  `${'Оченьдлинноеслово'.repeat(24)}`,
  `🚀 Проект 👩‍🔬 🇷🇺 ✅`,
  `{{constructor.constructor('window.__pwned=1')()}} \${alert(1)}`,
  `Упр\u0001авл\u0007яющие\u001b[31m символы\u007f`,
  `<img src=x onerror=alert(document.domain)>`,
] as const;

/**
 * Rich-text payload (competition and questionnaire descriptions are HTML from the server): safe formatting that must
 * survive sanitising, and every trick that must not.
 */
export const RICH_PAYLOAD = [
  '<p><strong class="hostile-safe">Безопасное форматирование</strong> и <em>курсив</em>, ',
  '<a href="https://example.org/rules">безопасная ссылка</a></p>',
  `<img src=x onerror="window.__pwned='rich-img'">`,
  `<script>window.__pwned='rich-script'</script>`,
  `<svg><g onload="window.__pwned='rich-svg'"></g></svg>`,
  `<a href="javascript:window.__pwned='rich-href'" class="hostile-js">опасная ссылка</a>`,
  `<a href="JaVaScRiPt:alert(1)" class="hostile-js">опасная ссылка 2</a>`,
  `<a href="&#106;avascript:alert(1)" class="hostile-js">опасная ссылка 3</a>`,
  `<a href=" javascript:alert(1)" class="hostile-js">опасная ссылка 4</a>`,
  `<a href="data:text/html,<script>alert(1)</script>" class="hostile-js">опасная ссылка 5</a>`,
  `"><iframe srcdoc="<script>parent.__pwned='rich-iframe'</script>"></iframe>`,
  `<form action="javascript:alert(1)"><button>Отправить</button></form>`,
  `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
  `<p style="position:fixed;inset:0;z-index:9999;background:url(hostile-css.png)">Перекрытие страницы</p>`,
  `<style>body{display:none}</style>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned='mxss'">`,
  `<p>Текст \u202Eсправа\u202C налево, ноль\u200Bширины, 🚀</p>`,
].join('');

/** File names with path tricks, reserved device names, bidi override, control characters and Unicode. */
export const FILE_NAME_PAYLOADS = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'CON.txt',
  'Счёт\u202Efdp.exe',
  'Смета «итог» 😀 №1.pdf',
  '<img src=x onerror="window.__pwned=\'file\'">.pdf',
  'имя\u0001\u001f\u007f.pdf',
  `${'длинное-имя-файла-'.repeat(20)}.pdf`,
] as const;

type Kind = 'plain' | 'rich' | 'file' | 'person';

/** Which paths of which documents get which payload (paths as in the JSON: ".a.b[].c"). */
const RULES: Record<string, Record<string, Kind>> = {
  competitions: {
    '.name': 'plain',
    '.fullName': 'plain',
    '.description': 'rich',
    '.importantInfo': 'rich',
    '.participantsRequirements': 'rich',
    '.implementationRequirements': 'rich',
    '.fundsRequirements': 'rich',
    '.cofinancingRequirements': 'rich',
    '.files[].name': 'file',
    '.files[].description': 'plain',
  },
  attachments: { '.fileName': 'file', '.originalFileName': 'file', '.managerComment': 'plain' },
  notifications: { '.message': 'plain' },
  support_themes: { '.name': 'plain' },
  templates: {
    '.name': 'plain',
    '.point.name': 'plain',
    '.point.description': 'rich',
    '.point.pointFields[].name': 'plain',
    '.point.pointFields[].note': 'plain',
    '.point.pointFields[].description': 'rich',
    '.point.pointFields[].fieldType.list[].name': 'plain',
    '.point.pointGroups[].name': 'plain',
    '.point.pointGroups[].description': 'rich',
    '.point.pointAttachments[].name': 'plain',
    '.point.pointAttachments[].description': 'rich',
    '.point.pointAttachments[].buttonText': 'plain',
    '.point.pointAttachments[].fileType.description': 'plain',
  },
  points: {
    '.name': 'plain',
    '.projectName': 'plain',
    '.description': 'plain',
    '.managerComment': 'plain',
    '.files[].name': 'file',
    '.templateFields[].name': 'plain',
    '.templateFields[].description': 'rich',
    '.templateGroups[].name': 'plain',
    '.templateGroups[].description': 'rich',
    '.templateAttachments[].name': 'plain',
    '.templateAttachments[].description': 'rich',
    '.project.name': 'plain',
    '.attorney.signer_fio': 'person',
  },
  projects: {
    '.name': 'plain',
    '.description': 'plain',
    '.counterparty': 'plain',
    '.files[].name': 'file',
    '.users[].fullname': 'person',
    '.template.name': 'plain',
    '.plan[].name': 'plain',
    '.plan[].description': 'plain',
  },
  rids: {
    '.title': 'plain',
    '.info.title': 'plain',
    '.info.authors[]': 'person',
    '.info.holders[]': 'plain',
    '.info.patent.scope': 'plain',
    '.info.patent.objects[]': 'plain',
  },
  notes: { '.name': 'plain', '.pointName': 'plain' },
  settings: { '.message': 'plain' },
};

const USER_KEYS: Record<string, Kind> = {
  '.fio': 'person',
  '.lastname': 'person',
  '.work_company': 'plain',
  '.work_position': 'plain',
  '.city': 'plain',
};

export interface HostileReport {
  /** Texts rewritten, by kind. */
  counts: Record<Kind, number>;
  /** Distinct payloads used. */
  payloads: number;
  /** The payloads themselves, for the test's expectations. */
  plain: readonly string[];
  rich: string;
  fileNames: readonly string[];
}

export async function applyHostileContent(s: Services): Promise<HostileReport> {
  const counts: Record<Kind, number> = { plain: 0, rich: 0, file: 0, person: 0 };
  const next = { plain: 0, file: 0, person: 0 };
  const fileNames = new Map<string, string>();

  const hostile = (kind: Kind, original: string): string => {
    counts[kind] += 1;
    if (kind === 'rich') return `${RICH_PAYLOAD}${original}`;
    if (kind === 'file') {
      // The same original name gets the same hostile name everywhere (attachment, point file list, stored file).
      const known = fileNames.get(original);
      if (known) return known;
      const name = FILE_NAME_PAYLOADS[next.file++ % FILE_NAME_PAYLOADS.length]!;
      if (original) fileNames.set(original, name);
      return name;
    }
    if (kind === 'person') {
      // A person keeps a recognisable surname first (initials, sorting), then the payload.
      return `${original.split(' ')[0] ?? ''} ${PLAIN_PAYLOADS[next.person++ % PLAIN_PAYLOADS.length]}`;
    }
    return `${original} ${PLAIN_PAYLOADS[next.plain++ % PLAIN_PAYLOADS.length]}`;
  };

  const rewrite = (value: unknown, path: string, rules: Record<string, Kind>): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, `${path}[]`, rules));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, `${path}.${k}`, rules)]));
    }
    const kind = rules[path];
    return typeof value === 'string' && value && kind ? hostile(kind, value) : value;
  };

  for (const [collection, rules] of Object.entries(RULES)) {
    const rows = await s.db.query<{ id: string; data: unknown }>('SELECT id, data FROM docs WHERE collection = $1 ORDER BY id', [collection]);
    for (const row of rows) {
      await s.db.query('UPDATE docs SET data = $3::jsonb WHERE collection = $1 AND id = $2', [
        collection,
        row.id,
        JSON.stringify(rewrite(row.data, '', rules)),
      ]);
    }
  }

  for (const row of await s.db.query<{ id: number; data: unknown }>('SELECT id, data FROM users ORDER BY id')) {
    await s.db.query('UPDATE users SET data = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(rewrite(row.data, '', USER_KEYS))]);
  }
  for (const row of await s.db.query<{ id: number; name: string }>('SELECT id, name FROM files ORDER BY id')) {
    await s.db.query('UPDATE files SET name = $2 WHERE id = $1', [row.id, hostile('file', row.name)]);
  }

  return {
    counts,
    payloads: PLAIN_PAYLOADS.length + 1 + FILE_NAME_PAYLOADS.length,
    plain: PLAIN_PAYLOADS,
    rich: RICH_PAYLOAD,
    fileNames: FILE_NAME_PAYLOADS,
  };
}
