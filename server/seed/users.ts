import type { Services, StoredUser } from '../lib/services';
import { saveUser } from '../domains/users';
import { issueToken } from '../domains/auth';

/** One demo account per role id of SPEC §6 plus one without roles; these are listed first on the sign-on page. */
export const DEMO_ACCOUNTS = [
  { id: 1, username: 'manager', lastname: 'Соколова', firstname: 'Анна', middlename: 'Викторовна', groups: [1], company: 'Фонд содействия инновациям', position: 'Менеджер программ', city: 'Москва' },
  { id: 2, username: 'admin', lastname: 'Орлов', firstname: 'Дмитрий', middlename: 'Сергеевич', groups: [2], company: 'Фонд содействия инновациям', position: 'Администратор портала', city: 'Москва' },
  { id: 3, username: 'contest-admin', lastname: 'Кузнецова', firstname: 'Елена', middlename: 'Павловна', groups: [3], company: 'Фонд содействия инновациям', position: 'Администратор конкурсов', city: 'Москва' },
  { id: 4, username: 'monitor', lastname: 'Морозов', firstname: 'Игорь', middlename: 'Андреевич', groups: [4], company: 'Фонд содействия инновациям', position: 'Монитор по содержанию', city: 'Санкт-Петербург' },
  { id: 5, username: 'expert', lastname: 'Волкова', firstname: 'Мария', middlename: 'Николаевна', groups: [5], company: 'НИУ ВШЭ', position: 'Эксперт', city: 'Москва' },
  { id: 7, username: 'grantee', lastname: 'Петров', firstname: 'Алексей', middlename: 'Иванович', groups: [7], company: 'ООО «НейроТех»', position: 'Генеральный директор', city: 'Новосибирск' },
  { id: 8, username: 'user', lastname: 'Иванова', firstname: 'Ольга', middlename: 'Сергеевна', groups: [8], company: 'ООО «ГринЭнерджи»', position: 'Руководитель проекта', city: 'Казань' },
  { id: 10, username: 'monitor-ext', lastname: 'Лебедев', firstname: 'Павел', middlename: 'Олегович', groups: [10], company: 'АНО «Экспертный центр»', position: 'Внешний монитор', city: 'Екатеринбург' },
  { id: 11, username: 'no-role', lastname: 'Смирнов', firstname: 'Николай', middlename: 'Петрович', groups: [], company: 'ИП Смирнов Н. П.', position: null, city: 'Тверь' },
] as const;

export const FEATURED_LOGINS: string[] = DEMO_ACCOUNTS.map((a) => a.username);

const SURNAMES = ['Александров', 'Борисов', 'Васильев', 'Григорьев', 'Данилов', 'Егоров', 'Жуков', 'Зайцев', 'Ильин', 'Комаров', 'Лазарев', 'Макаров', 'Никитин', 'Осипов', 'Павлов', 'Романов', 'Сергеев', 'Тихонов', 'Устинов', 'Фёдоров', 'Харитонов', 'Цветков', 'Чернов', 'Шаров', 'Щукин', 'Яковлев'];
const NAMES_M = ['Андрей', 'Борис', 'Виктор', 'Глеб', 'Денис', 'Евгений', 'Кирилл', 'Максим', 'Роман', 'Степан'];
const NAMES_F = ['Алина', 'Вера', 'Галина', 'Дарья', 'Екатерина', 'Ирина', 'Ксения', 'Людмила', 'Наталья', 'Юлия'];
const PATRONYMICS = ['Александров', 'Владимиров', 'Михайлов', 'Николаев', 'Сергеев'];
const CITIES = ['Москва', 'Санкт-Петербург', 'Новосибирск', 'Казань', 'Томск', 'Самара', 'Пермь', 'Воронеж', 'Уфа', 'Красноярск'];
const COMPANIES = ['ООО «Квант»', 'АО «Сибирские технологии»', 'ООО «АгроДрон»', 'ООО «БиоСинтез»', 'ООО «Умный город»', 'ООО «Лаборатория данных»', 'ЗАО «Микросистемы»', 'ООО «МедТехника»'];
const REGIONS: Record<string, string> = {
  Москва: 'г. Москва',
  'Санкт-Петербург': 'г. Санкт-Петербург',
  Новосибирск: 'Новосибирская область',
  Казань: 'Республика Татарстан',
  Томск: 'Томская область',
  Самара: 'Самарская область',
  Пермь: 'Пермский край',
  Воронеж: 'Воронежская область',
  Уфа: 'Республика Башкортостан',
  Красноярск: 'Красноярский край',
  Тверь: 'Тверская область',
  Екатеринбург: 'Свердловская область',
};
const TRANSLIT: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ы: 'y', э: 'e', ю: 'yu', я: 'ya', ь: '', ъ: '' };
const translit = (s: string) => [...s.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join('');

function person(id: number, p: { username: string; lastname: string; firstname: string; middlename: string | null; groups: readonly number[]; company: string; position: string | null; city: string }, now: number): StoredUser {
  return {
    id,
    username: p.username,
    lastname: p.lastname,
    firstname: p.firstname,
    middlename: p.middlename,
    fio: [p.lastname, p.firstname, p.middlename].filter(Boolean).join(' '),
    email: `${p.username}@demo.grants.example.ru`,
    phone: `+7 (9${String(10 + (id % 90)).padStart(2, '0')}) ${String(100 + ((id * 37) % 900))}-${String(10 + ((id * 13) % 90))}-${String(10 + ((id * 7) % 90))}`,
    birthday: null,
    gender: null,
    country: 'Россия',
    region: REGIONS[p.city] ?? null,
    city: p.city,
    site: null,
    work_position: p.position,
    work_company: p.company,
    avatar_path: null,
    avatar_base_url: null,
    groups: [...p.groups],
    created_at: now - 86400 * (400 - id),
    logged_at: null,
    send_email: 1,
  };
}

/**
 * Users a test gets of its own (test controls): a grantee for the task lists (POST /__test/task-owner, its tasks are
 * seeded after) and an applicant with nothing filed (POST /__test/applicant). The login is the kind and the id.
 */
const TEST_USERS = {
  'tasks-owner': { lastname: 'Задачина', firstname: 'Вера', groups: [7], company: 'ООО «Проверка списков»' },
  applicant: { lastname: 'Заявкина', firstname: 'Ольга', groups: [8], company: 'ООО «Первая заявка»' },
} as const;

export async function addTestUser(s: Services, id: number, kind: keyof typeof TEST_USERS): Promise<string> {
  const username = `${kind}-${id}`;
  const { groups, ...names } = TEST_USERS[kind];
  await saveUser(s, person(id, { ...names, username, middlename: 'Петровна', groups: [...groups], position: 'Руководитель проекта', city: 'Томск' }, s.clock.nowSeconds()));
  return username;
}

/**
 * 9 role accounts + 56 generated applicants, experts and monitors: enough to page the users table (SPEC §9: 20 a page).
 * Generated users get a live token (every third), an expired one (the next) or none, so the token-validity column
 * and "log in as" (only while the user's token has not expired, SPEC §6) show every case.
 */
export async function seedUsers(s: Services) {
  const now = s.clock.nowSeconds();
  for (const account of DEMO_ACCOUNTS) await saveUser(s, person(account.id, account, now));
  const roleCycle = [[8], [7], [8], [5], [7, 8], [8], [4], [1], [10], [8], [7], [5, 8]];
  for (let i = 0; i < 56; i++) {
    const id = 100 + i;
    const female = i % 2 === 1;
    const surname = SURNAMES[i % SURNAMES.length]! + (female ? 'а' : '');
    const firstname = (female ? NAMES_F : NAMES_M)[(i * 3) % 10]!;
    const middlename = PATRONYMICS[i % PATRONYMICS.length]! + (female ? 'на' : 'ич');
    await saveUser(
      s,
      person(id, {
        username: `${translit(surname)}.${translit(firstname[0]!)}${id}`,
        lastname: surname,
        firstname,
        middlename,
        groups: roleCycle[i % roleCycle.length]!,
        company: COMPANIES[i % COMPANIES.length]!,
        position: 'Руководитель проекта',
        city: CITIES[(i * 7) % CITIES.length]!,
      }, now),
    );
    if (i % 3 === 0) await issueToken(s, id);
    if (i % 3 === 1) {
      const { result } = await issueToken(s, id);
      const expiredAt = now - 86400 * (1 + (i % 20));
      await s.db.query('UPDATE tokens SET expires_at = $2, created_at = $3 WHERE token = $1', [result.token, expiredAt, expiredAt - s.tokenTtlSeconds]);
      await s.db.query(`UPDATE users SET data = jsonb_set(data, '{logged_at}', to_jsonb($2::bigint)) WHERE id = $1`, [id, expiredAt - s.tokenTtlSeconds]);
    }
  }
}
