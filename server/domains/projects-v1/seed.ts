import type { Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { type CenterNti, projectsOf, storeFile } from './model';
import { type StoredTicket, TICKET_STATUS_NAMES, renderTicketBlank } from './tickets';

// ------------------------------------------------------------------ seed

export const CENTER_NTI_SEED: Omit<CenterNti, 'id'>[] = [
  { fullTitle: 'Центр компетенций НТИ «Технологии беспроводной связи и интернета вещей» на базе Сколковского института науки и технологий', shortTitle: 'ЦК НТИ «Беспроводная связь»', programNumber: 'НТИ-2018-01', codePpp: '0000101' },
  { fullTitle: 'Центр компетенций НТИ «Технологии хранения и анализа больших данных» на базе МГУ имени М. В. Ломоносова', shortTitle: 'ЦК НТИ «Большие данные»', programNumber: 'НТИ-2018-02', codePpp: '0000102' },
  { fullTitle: 'Центр компетенций НТИ «Новые производственные технологии» на базе СПбПУ Петра Великого', shortTitle: 'ЦК НТИ «Новые производственные технологии»', programNumber: 'НТИ-2018-03', codePpp: '0000103' },
  { fullTitle: 'Центр компетенций НТИ «Технологии компонентов робототехники и мехатроники» на базе Университета Иннополис', shortTitle: 'ЦК НТИ «Робототехника»', programNumber: 'НТИ-2019-04', codePpp: '0000104' },
  { fullTitle: 'Центр компетенций НТИ «Нейротехнологии, технологии виртуальной и дополненной реальности» на базе ДВФУ', shortTitle: 'ЦК НТИ «Нейротехнологии и VR/AR»', programNumber: 'НТИ-2019-05', codePpp: '0000105' },
];

/** Demo employees: [lastname, firstname, middlename, position, projectId, centerNtiId] (Center NTI ids follow CENTER_NTI_SEED). */
export const EMPLOYEE_SEED = [
  ['Кравцова', 'Дарья', 'Игоревна', 'Ведущий инженер', 1, 1],
  ['Гусев', 'Артем', 'Владимирович', 'Руководитель лаборатории', 1, 1],
  ['Ахметова', 'Лилия', 'Рустамовна', 'Аналитик данных', 2, 2],
  ['Сорокин', 'Илья', 'Павлович', 'Инженер-конструктор', 3, 3],
  ['Фролова', 'Наталья', 'Олеговна', 'Менеджер проекта', 4, 4],
  ['Мельников', 'Кирилл', 'Андреевич', 'Программист', 5, 5],
  ['Зуева', 'Татьяна', 'Михайловна', 'Научный сотрудник', 6, 2],
] as const;

export async function seedProjectsV1(s: Services): Promise<void> {
  const now = s.clock.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86400000).toISOString();
  for (const c of CENTER_NTI_SEED) await s.collection<CenterNti>('center_nti').insert(c);

  const projectIds = (await projectsOf(s).all()).map((p) => p.id);
  const has = (id: number) => projectIds.includes(id);
  const pid = (id: number) => (has(id) ? id : null);

  const consortiums = s.collection<Json>('consortiums');
  const members = [
    { projectId: 1, name: 'Общество с ограниченной ответственностью «Сибирские сенсоры»', shortName: 'ООО «Сибсенсор»', inn: '5406123456', kpp: '540601001', ogrn: '1165476012345', role: 'Индустриальный партнер', address: 'г. Новосибирск, ул. Инженерная, д. 20' },
    { projectId: 1, name: 'Федеральное государственное бюджетное учреждение науки Институт автоматики и электрометрии СО РАН', shortName: 'ИАиЭ СО РАН', inn: '5408105577', kpp: '540801001', ogrn: '1025403650660', role: 'Научная организация', address: 'г. Новосибирск, пр-т Академика Коптюга, д. 1' },
    { projectId: 2, name: 'Акционерное общество «Казанский завод точного машиностроения»', shortName: 'АО «КЗТМ»', inn: '1659012345', kpp: '165901001', ogrn: '1021603629874', role: 'Производственный партнер', address: 'г. Казань, ул. Техническая, д. 5' },
    { projectId: 3, name: 'Федеральное государственное автономное образовательное учреждение высшего образования «Томский политехнический университет»', shortName: 'ТПУ', inn: '7018007264', kpp: '701701001', ogrn: '1027000890168', role: 'Образовательная организация', address: 'г. Томск, пр-т Ленина, д. 30' },
  ];
  for (const m of members) await consortiums.insert({ ...m, projectId: pid(m.projectId), createdAt: at(120), updatedAt: at(30), _createdBy: 7 });

  const employees = s.collection<Json>('employees');
  for (const [lastname, firstname, middlename, position, projectId, centerNtiId] of EMPLOYEE_SEED) {
    const login = `${lastname.toLowerCase()}`.replace(/[^a-zа-я]/g, '');
    await employees.insert({
      lastname,
      firstname,
      middlename,
      fullname: `${lastname} ${firstname} ${middlename}`,
      position,
      email: `${translit(login)}@project${projectId}.example.ru`,
      phone: `+7 (913) 4${projectId}0-1${centerNtiId}-2${projectId}`,
      projectId: pid(projectId),
      centerNtiId,
      createdAt: at(200 - projectId * 10),
      updatedAt: at(20),
      _createdBy: 7,
    });
  }

  const contacts = s.collection<Json>('grantee_contacts');
  const contactRows = [
    [1, 'Петров Алексей Иванович', 'Генеральный директор', 'grantee@demo.grants.example.ru', '+7 (383) 200-10-10', 'Руководитель'],
    [1, 'Белова Марина Сергеевна', 'Главный бухгалтер', 'buh@neurotech.example.ru', '+7 (383) 200-10-20', 'Бухгалтерия'],
    [2, 'Иванова Ольга Сергеевна', 'Руководитель проекта', 'user@demo.grants.example.ru', '+7 (843) 210-30-40', 'Руководитель'],
    [3, 'Ершов Василий Николаевич', 'Технический директор', 'ershov@agrodron.example.ru', '+7 (3822) 55-12-12', 'Технические вопросы'],
    [4, 'Носова Анастасия Петровна', 'Юрист', 'nosova@biosintez.example.ru', '+7 (846) 300-40-50', 'Юридические вопросы'],
    [5, 'Кириллов Олег Валерьевич', 'Финансовый директор', 'kirillov@umgorod.example.ru', '+7 (342) 270-11-22', 'Финансы'],
    [6, 'Яшина Екатерина Львовна', 'Руководитель проекта', 'yashina@labdata.example.ru', '+7 (473) 255-66-77', 'Руководитель'],
  ] as const;
  for (const [projectId, fio, position, email, phone, type] of contactRows) {
    await contacts.insert({ projectId: pid(projectId), fio, position, email, phone, type, createdAt: at(150), updatedAt: at(15), _createdBy: 7 });
  }

  const comments = s.collection<Json>('project_comments');
  const commentRows = [
    [1, 1, 'Соколова Анна Викторовна', 'Прошу актуализировать календарный план: второй этап сдвигается на месяц.', 40],
    [1, 7, 'Петров Алексей Иванович', 'Календарный план обновлен, новая редакция приложена к задаче «Запрос на изменение».', 38],
    [2, 4, 'Морозов Игорь Андреевич', 'Отчет о ходе работ принят без замечаний.', 12],
  ] as const;
  for (const [projectId, userId, fullname, comment, daysAgo] of commentRows) {
    if (has(projectId)) await comments.insert({ projectId, comment, userId, fullname, createdAt: at(daysAgo) });
  }

  const tickets = s.collection<StoredTicket>('tickets');
  const ticketRows: [number, string][] = [
    [1, 'new'],
    [1, 'sent'],
    [2, 'accepted'],
    [3, 'draft'],
    [4, 'rejected'],
  ];
  for (const [i, [projectId, status]] of ticketRows.entries()) {
    const project = await projectsOf(s).get(projectId);
    if (!project) continue;
    const ticket = await tickets.insert({
      projectId,
      status,
      statusName: TICKET_STATUS_NAMES[status]!,
      fileId: null,
      signatureFileId: null,
      createdAt: at(60 - i * 7),
      updatedAt: at(50 - i * 7),
      _createdBy: project.ownerId ?? 7,
    });
    // Tickets past signing carry their blank and a detached signature, as the flow blank → signature → send leaves them.
    if (['sent', 'accepted', 'rejected'].includes(status)) {
      const fileId = await storeFile(s, { name: `Бланк заявки ${ticket.id}.pdf`, mime: 'application/pdf', data: await renderTicketBlank(s, ticket, project) });
      const signatureFileId = await storeFile(s, {
        name: `Бланк заявки ${ticket.id}.pdf.sig`,
        mime: 'application/pkcs7-signature',
        data: Buffer.from(`ДЕМО — не является электронной подписью. Заявка ${ticket.id}.`, 'utf8'),
      });
      await tickets.put({ ...ticket, fileId, signatureFileId });
    }
  }
}

const TRANSLIT: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ы: 'y', э: 'e', ю: 'yu', я: 'ya', ь: '', ъ: '' };
const translit = (s: string) => [...s].map((c) => TRANSLIT[c] ?? c).join('');
