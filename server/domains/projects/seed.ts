import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Services } from '../../lib/services';
import { BRIEFCASES, TEMPLATES, type StoredProject, projectsOf } from './model';
import { ensureTaskTemplates } from './points';

// ------------------------------------------------------------------------------------------------ demo data

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function pdf(title: string, paragraphs: string[], createdAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Producer: 'Грантовый портал', CreationDate: createdAt } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', path.join(FONT_DIR, 'DejaVuSans.ttf'));
    doc.registerFont('bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
    doc.font('bold').fontSize(15).text(title).moveDown();
    for (const p of paragraphs) doc.font('regular').fontSize(10.5).text(p, { align: 'justify' }).moveDown(0.6);
    doc.end();
  });
}

async function storeFile(s: Services, name: string, mime: string, content: Buffer): Promise<StoredProject['files'][number]> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    name,
    mime,
    content.length,
    content,
    s.clock.nowSeconds(),
  ]);
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : null;
  return { id, name, url: null, extension };
}

interface ProjectSeed {
  id: number;
  name: string;
  description: string;
  status: string;
  templateCode: keyof typeof TEMPLATES;
  briefcaseCode: string | null;
  counterparty: string;
  inn: string;
  contractNo: string;
  ownerId: number;
  memberIds: number[];
  zni: boolean;
  rid: boolean;
  /** Stage offsets in days from today: [from, to]; empty means no plan. */
  plan: [string, string, number, number][];
  files: ('contract' | 'tz' | 'plan' | 'budget' | 'report')[];
}

const STAGE = (name: string, description: string, from: number, to: number): [string, string, number, number] => [name, description, from, to];

const PROJECTS: ProjectSeed[] = [
  {
    id: 1,
    name: 'Нейросетевая платформа диагностики',
    description:
      'Разработка программно-аппаратного комплекса для ранней диагностики заболеваний лёгких по данным компьютерной томографии с применением свёрточных нейронных сетей. Платформа интегрируется с медицинскими информационными системами и формирует заключение для врача-рентгенолога.',
    status: 'Реализация',
    templateCode: 'START-2026',
    briefcaseCode: 'BC-TECH-2026',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '4512ГС1/78231',
    ownerId: 7,
    memberIds: [100, 104, 109],
    zni: true,
    rid: true,
    plan: [
      STAGE('Этап 1. Сбор и разметка данных', 'Формирование обучающей выборки из 12 000 исследований КТ, разметка врачами-экспертами.', -240, -150),
      STAGE('Этап 2. Обучение моделей', 'Обучение и валидация моделей сегментации и классификации, подбор архитектуры.', -149, -40),
      STAGE('Этап 3. Опытный образец платформы', 'Разработка веб-интерфейса врача, интеграция с PACS, нагрузочное тестирование.', -39, 60),
      STAGE('Этап 4. Клинические испытания', 'Испытания в двух медицинских организациях, подготовка регистрационного досье.', 61, 200),
    ],
    files: ['contract', 'tz', 'plan', 'budget'],
  },
  {
    id: 2,
    name: 'Умная теплица',
    description:
      'Автоматизированная система управления микроклиматом тепличного комплекса: датчики влажности и освещённости, управление поливом и досветкой, мобильное приложение агронома.',
    status: 'Реализация',
    templateCode: 'RAZVITIE-2026',
    briefcaseCode: 'BC-AGRO-2026',
    counterparty: 'ООО «ГринЭнерджи»',
    inn: '1655123456',
    contractNo: '3318ГС2/60112',
    ownerId: 8,
    memberIds: [102, 111],
    zni: true,
    rid: false,
    plan: [
      STAGE('Этап 1. Проектирование системы', 'Выбор датчиков и контроллеров, проектирование архитектуры.', -120, -30),
      STAGE('Этап 2. Пилотная установка', 'Монтаж в тепличном комплексе площадью 2 га, наладка.', -29, 90),
    ],
    files: ['contract', 'plan'],
  },
  {
    id: 3,
    name: 'Биоразлагаемая упаковка',
    description:
      'Технология производства биоразлагаемой пищевой упаковки из отходов переработки зерна. Разлагается в почве за 90 дней, выдерживает температуру до 120 °C.',
    status: 'Отчетный период',
    templateCode: 'KOMMERC-2026',
    briefcaseCode: 'BC-ECO-2026',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '5120ГС1/81544',
    ownerId: 7,
    memberIds: [106],
    zni: false,
    rid: true,
    plan: [
      STAGE('Этап 1. Лабораторная технология', 'Подбор рецептуры и режимов прессования.', -400, -220),
      STAGE('Этап 2. Опытная партия', 'Выпуск опытной партии 50 000 единиц упаковки.', -219, -20),
    ],
    files: ['contract', 'report'],
  },
  {
    id: 4,
    name: 'Цифровой двойник цеха',
    description:
      'Цифровой двойник механообрабатывающего цеха для планирования загрузки оборудования и прогнозирования отказов станков с ЧПУ.',
    status: 'На согласовании',
    templateCode: 'CIFRA-2026',
    briefcaseCode: 'BC-DIGITAL-2026',
    counterparty: 'ООО «Квант»',
    inn: '7701234567',
    contractNo: '6021ГС3/90017',
    ownerId: 100,
    memberIds: [7, 112],
    zni: false,
    rid: false,
    plan: [],
    files: ['tz'],
  },
  {
    id: 5,
    name: 'Система мониторинга рек',
    description:
      'Сеть автономных гидрологических постов с передачей данных по LoRaWAN для раннего предупреждения о паводках в малых реках Сибири.',
    status: 'Реализация',
    templateCode: 'UMNIK-2026',
    briefcaseCode: 'BC-ECO-2026',
    counterparty: 'ООО «Умный город»',
    inn: '5402987654',
    contractNo: '1987ГУ1/55012',
    ownerId: 102,
    memberIds: [8],
    zni: true,
    rid: true,
    plan: [
      STAGE('Этап 1. Прототип поста', 'Разработка и испытания прототипа гидрологического поста.', -60, 30),
      STAGE('Этап 2. Сеть из 10 постов', 'Развёртывание сети на реке Иня, сбор данных за паводковый сезон.', 31, 240),
    ],
    files: ['contract', 'tz', 'plan'],
  },
  {
    id: 6,
    name: 'Образовательная VR-платформа',
    description:
      'Платформа виртуальной реальности для практических занятий по химии в школах: 40 лабораторных работ, журнал учителя, работа без интернета.',
    status: 'Завершен',
    templateCode: 'KOOP-2025',
    briefcaseCode: 'BC-EDU-2025',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '2954ГС1/41207',
    ownerId: 7,
    memberIds: [],
    zni: false,
    rid: false,
    plan: [],
    files: ['contract', 'report'],
  },
];

const EXTRA_NAMES: [string, string][] = [
  ['Беспилотный мониторинг посевов', 'Мультиспектральная съёмка полей с БПЛА и расчёт индекса вегетации для точного земледелия.'],
  ['Переработка литий-ионных аккумуляторов', 'Гидрометаллургическая технология извлечения лития и кобальта из отработанных аккумуляторов.'],
  ['Голосовой помощник для МФЦ', 'Распознавание речи и маршрутизация обращений граждан в многофункциональных центрах.'],
  ['Композитные лопасти ветрогенераторов', 'Лопасти из базальтового композита для ветроустановок малой мощности.'],
  ['Платформа телемедицины для сёл', 'Дистанционные консультации фельдшерско-акушерских пунктов с областной больницей.'],
  ['Микрофлюидный экспресс-тест', 'Экспресс-тест на антибиотики в молоке на основе микрофлюидного чипа.'],
  ['Система учёта энергоресурсов ЖКХ', 'Интеллектуальные счётчики и аналитика потребления для управляющих компаний.'],
  ['Роботизированная сварка трубопроводов', 'Мобильный сварочный робот для монтажа магистральных трубопроводов в полевых условиях.'],
  ['Кормовой белок из микроводорослей', 'Биореактор для выращивания хлореллы и производства кормового белка.'],
  ['Антикоррозионное покрытие на основе графена', 'Защитное покрытие для металлоконструкций морских платформ.'],
  ['Цифровая платформа для фермеров', 'Маркетплейс сельхозпродукции с логистикой и контролем качества.'],
  ['Тренажёр для реабилитации после инсульта', 'Роботизированный тренажёр кисти с биологической обратной связью.'],
  ['Анализ дефектов дорожного покрытия', 'Автоматическое обнаружение ям и трещин по видео с камер общественного транспорта.'],
  ['Портативный спектрометр для геологии', 'Полевой рентгенофлуоресцентный анализатор состава горных пород.'],
  ['Модульные очистные сооружения', 'Компактные станции биологической очистки сточных вод для посёлков до 500 жителей.'],
  ['Сервис проверки контрагентов', 'Оценка благонадёжности поставщиков по открытым данным с объяснимой моделью риска.'],
  ['3D-печать имплантатов из титана', 'Индивидуальные челюстно-лицевые имплантаты методом селективного лазерного сплавления.'],
  ['Система подсчёта пассажиропотока', 'Датчики на дверях автобусов и аналитика наполняемости маршрутов.'],
  ['Гидропонная ферма для Арктики', 'Контейнерная ферма для круглогодичного выращивания зелени в условиях Крайнего Севера.'],
  ['Онлайн-тренажёр по программированию', 'Адаптивные курсы программирования для школьников с автоматической проверкой задач.'],
];
const STATUSES = ['Реализация', 'Реализация', 'Отчетный период', 'На согласовании', 'Завершен', 'Приостановлен', 'Реализация', 'Расторгнут'];
const COMPANIES = [
  ['ООО «АгроДрон»', '6312045678'],
  ['АО «Сибирские технологии»', '5405012345'],
  ['ООО «Лаборатория данных»', '7814567890'],
  ['ООО «БиоСинтез»', '1659087654'],
  ['ЗАО «Микросистемы»', '7735123409'],
  ['ООО «МедТехника»', '6658098765'],
] as const;
const CODES = Object.keys(TEMPLATES);
const BRIEFCASE_CODES = Object.keys(BRIEFCASES);

function extraProjects(): ProjectSeed[] {
  return EXTRA_NAMES.map(([name, description], i) => {
    const id = 7 + i;
    const [counterparty, inn] = COMPANIES[i % COMPANIES.length]!;
    // Projects 7 and 9 belong to the grantee demo account and have both request buttons (end-to-end tests act there).
    const ownerId = id === 7 || id === 9 ? 7 : id === 8 ? 8 : 100 + ((i * 5) % 50);
    const withPlan = i % 3 !== 2;
    return {
      id,
      name,
      description,
      status: STATUSES[i % STATUSES.length]!,
      templateCode: CODES[i % CODES.length]!,
      briefcaseCode: i % 4 === 3 ? null : BRIEFCASE_CODES[i % BRIEFCASE_CODES.length]!,
      counterparty,
      inn,
      contractNo: `${1000 + ((id * 377) % 8999)}ГС${1 + (i % 3)}/${String(40000 + ((id * 7919) % 59999))}`,
      ownerId,
      memberIds: [100 + ((i * 7 + 3) % 56), 100 + ((i * 11 + 1) % 56)].filter((m) => m !== ownerId),
      zni: id === 7 || id === 9 || i % 2 === 0,
      rid: id === 7 || id === 9 || i % 3 === 0,
      plan: withPlan
        ? [
            STAGE('Этап 1. Научно-исследовательские работы', 'Анализ аналогов, выбор технических решений, лабораторные испытания.', -200 + i * 5, -60 + i * 5),
            STAGE('Этап 2. Опытно-конструкторские работы', 'Изготовление опытного образца и его испытания.', -59 + i * 5, 120 + i * 5),
            STAGE('Этап 3. Подготовка к производству', 'Отработка технологии, сертификация, выход на рынок.', 121 + i * 5, 300 + i * 5),
          ]
        : [],
      files: i % 2 === 0 ? ['contract', 'tz'] : ['contract'],
    };
  });
}

const FILE_KINDS = {
  contract: { name: 'Договор о предоставлении гранта.pdf', title: 'Договор о предоставлении гранта' },
  tz: { name: 'Техническое задание.pdf', title: 'Техническое задание' },
  plan: { name: 'Календарный план.pdf', title: 'Календарный план работ' },
  budget: { name: 'Смета расходов.csv', title: 'Смета расходов' },
  report: { name: 'Отчёт о выполнении этапа.pdf', title: 'Отчёт о выполнении этапа' },
} as const;

async function fullName(s: Services, id: number): Promise<string> {
  const row = await s.db.one<{ data: { fio: string } }>('SELECT data FROM users WHERE id = $1', [id]);
  return row?.data.fio ?? `Пользователь ${id}`;
}

export async function seedProjects(s: Services): Promise<void> {
  await ensureTaskTemplates(s);
  const now = s.clock.now();
  const today = new Date(now);
  today.setUTCHours(6, 0, 0, 0);
  const day = (offset: number, end = false) => {
    const d = new Date(today.getTime() + offset * 86_400_000);
    d.setUTCHours(end ? 20 : 6, end ? 59 : 0, 0, 0);
    return d.toISOString();
  };
  const createdAt = new Date(Date.UTC(2026, 0, 15));
  for (const seed of [...PROJECTS, ...extraProjects()]) {
    const files: StoredProject['files'] = [];
    for (const kind of seed.files) {
      const meta = FILE_KINDS[kind];
      if (kind === 'budget') {
        const csv = [
          'Статья расходов;Сумма, руб.',
          'Оплата труда;1 850 000,00',
          'Страховые взносы;555 000,00',
          'Материалы и комплектующие;940 000,00',
          'Услуги сторонних организаций;655 000,00',
          'Итого;4 000 000,00',
        ].join('\r\n');
        files.push(await storeFile(s, meta.name, 'text/csv', Buffer.from('\ufeff' + csv, 'utf8')));
      } else {
        const content = await pdf(
          `${meta.title} — «${seed.name}»`,
          [
            `Договор № ${seed.contractNo}. Получатель гранта: ${seed.counterparty}, ИНН ${seed.inn}.`,
            `Конкурс: ${TEMPLATES[seed.templateCode]}.`,
            seed.description,
          ],
          createdAt,
        );
        files.push(await storeFile(s, meta.name, 'application/pdf', content));
      }
    }
    const users = [];
    for (const id of [seed.ownerId, ...seed.memberIds]) users.push({ id, fullname: await fullName(s, id) });
    const project: StoredProject = {
      id: seed.id,
      name: seed.name,
      description: seed.description,
      files,
      status: { name: seed.status },
      template: { name: TEMPLATES[seed.templateCode]! },
      templateCode: seed.templateCode,
      briefcaseCode: seed.briefcaseCode,
      counterparty: seed.counterparty,
      inn: seed.inn,
      contractNo: seed.contractNo,
      plan: seed.plan.length
        ? seed.plan.map(([name, description, from, to], i) => ({
            code1C: `PLAN-${seed.id}-${i + 1}`,
            name,
            description,
            dateFrom: day(from),
            dateTo: day(to, true),
          }))
        : null,
      users,
      zniButton: seed.zni,
      ridButton: seed.rid,
      ownerId: seed.ownerId,
    };
    await projectsOf(s).insert(project);
  }
}
