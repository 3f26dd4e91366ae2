import type { Services } from '../../lib/services';
import { loadUser } from '../users';
import { DOC_STATUS_NAMES, ddmmyyyy, moscowMidnight, projectsOf, type DocStatus, type StoredProject } from '../projects-v1/model';
import { EMPLOYEE_SEED } from '../projects-v1/seed';
import { CO_FINANCE_ITEMS, EXPENSE_ITEMS, type HistoryEntry, type PaymentOrder, type Period, REPORT_TRANSITIONS, type Row, STATUS_COLORS, type StoredReport } from './model';

// ------------------------------------------------------------------ seed

/** How each seeded status is reached from a draft, so the history of every demo report is a real path. */
const PATHS: Record<DocStatus, string[]> = {
  draft: [],
  new: ['new'],
  improved: ['new', 'review', 'reject', 'new'],
  rejected: ['new', 'review', 'reject'],
  'send-for-approve': ['new', 'review', 'send-for-approval'],
  reviewed: ['new', 'review'],
  accepted: ['new', 'review', 'send-for-approval', 'accept'],
  verified: ['new', 'review', 'send-for-approval', 'accept', 'review'],
  'ready-to-finalize-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion'],
  'finalized-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion', 'finalize-conclusion'],
  'repeat-finalize-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion', 'finalize-conclusion', 'repeat-finalize-conclusion'],
};
const ACTOR: Record<string, [number, string]> = {
  new: [7, 'Петров Алексей Иванович'],
  review: [4, 'Морозов Игорь Андреевич'],
  reject: [1, 'Соколова Анна Викторовна'],
  'send-for-approval': [1, 'Соколова Анна Викторовна'],
  accept: [1, 'Соколова Анна Викторовна'],
  'ready-to-finalize-conclusion': [1, 'Соколова Анна Викторовна'],
  'finalize-conclusion': [1, 'Соколова Анна Викторовна'],
  'repeat-finalize-conclusion': [1, 'Соколова Анна Викторовна'],
};
const COMMENTS: Record<string, string> = {
  reject: 'Не приложены первичные документы по статье «Оборудование»; уточните фактические расходы.',
  review: 'Отчет проверен, замечаний по содержанию нет.',
  'send-for-approval': 'Направляю на согласование руководителю программы.',
};

const SEED: [number, number, Period, DocStatus][] = [
  [1, 2024, 'annual', 'finalized-conclusion'],
  [1, 2025, 'first-quarter', 'accepted'],
  [1, 2025, 'second-quarter', 'draft'],
  [2, 2025, 'first-quarter', 'new'],
  [2, 2025, 'second-quarter', 'rejected'],
  [3, 2025, 'first-quarter', 'improved'],
  [3, 2025, 'second-quarter', 'reviewed'],
  [4, 2025, 'first-quarter', 'send-for-approve'],
  [4, 2024, 'annual', 'verified'],
  [5, 2025, 'first-quarter', 'ready-to-finalize-conclusion'],
  [5, 2024, 'annual', 'repeat-finalize-conclusion'],
  [6, 2025, 'first-quarter', 'draft'],
];
const GRANTS: Record<number, number> = { 1: 20_000_000, 2: 5_000_000, 3: 15_000_000, 4: 4_000_000, 5: 30_000_000, 6: 3_000_000 };
const SHARES = [0.42, 0.127, 0.14, 0.12, 0.11, 0.03, 0.053];
const RECIPIENTS: [string, string][] = [
  ['ООО «ЭлектроКомпонент»', '5405123456'],
  ['АО «ПриборСервис»', '7701234567'],
  ['ООО «ИспытательЛаб»', '5410987654'],
  ['ООО «ТрансТур»', '7725111222'],
];

export async function seedReports(s: Services): Promise<void> {
  const reports = s.collection<StoredReport>('reports');
  const history = s.collection<HistoryEntry>('report_history');
  const projects = new Map((await projectsOf(s).all()).map((p) => [p.id, p] as [number, StoredProject]));
  const now = s.clock.now();
  const day = 86400000;

  for (const [index, [projectId, year, period, status]] of SEED.entries()) {
    const id = index + 1;
    const project = projects.get(projectId);
    const grant = GRANTS[projectId]!;
    const periodShare = { 'first-quarter': 0.25, 'second-quarter': 0.5, 'third-quarter': 0.75, annual: 1 }[period];
    const yearly = year === 2024 ? grant * 0.4 : grant * 0.6;
    const filled = status !== 'draft' || id === 3;
    const expenseRows: Row[] = EXPENSE_ITEMS.map(([code, name], i) => {
      const plan = Math.round(yearly * SHARES[i]!);
      const fact = filled ? Math.round(plan * periodShare * (0.85 + ((projectId + i) % 4) * 0.05)) : null;
      return { id: i + 1, code, name, parentCode: null, unit: 'руб.', values: { plan, fact }, comment: null };
    });
    const created = new Date(now - (200 - id * 12) * day).toISOString();
    const signedAt = status === 'draft' ? null : new Date(now - (190 - id * 12) * day).toISOString();
    const orders: PaymentOrder[] = filled
      ? expenseRows.slice(0, 5).map((row, i) => {
          const [recipient, inn] = i === 0 ? ['Сотрудники по реестру', null] : RECIPIENTS[(i + projectId) % RECIPIENTS.length]!;
          return {
            id: id * 1000 + i + 1,
            number: String(100 + id * 10 + i),
            date: moscowMidnight(`${year}-${String(2 + i).padStart(2, '0')}-1${i}`),
            amount: row.values.fact as number,
            purpose: `${row.name}: оплата по договору № ${projectId}-${i + 1}/${year}`,
            recipient,
            recipientInn: inn,
            expenseCode: row.code,
          };
        })
      : [];
    const report: StoredReport = {
      id,
      projectId,
      projectName: project?.name ?? null,
      year,
      period,
      status,
      statusName: DOC_STATUS_NAMES[status],
      comment: status === 'rejected' || status === 'improved' ? COMMENTS.reject! : null,
      color: STATUS_COLORS[status],
      createdAt: created,
      updatedAt: new Date(now - (100 - id * 5) * day).toISOString(),
      _createdBy: project?.ownerId ?? 7,
      _grantAmount: grant,
      // The Center NTI of a project is that of its employees (seeded right after the reports).
      _centerNtiId: EMPLOYEE_SEED.find((e) => e[4] === projectId)?.[5] ?? null,
      _expense: { [String(year)]: { id: id * 100 + (year % 100), rows: expenseRows, signed: status !== 'draft', signedAt, updatedAt: created } },
      _coFinance: {
        id: id * 100 + 1,
        rows: CO_FINANCE_ITEMS.map(([code, name], i) => ({
          id: i + 1,
          code,
          name,
          parentCode: null,
          unit: 'руб.',
          values: { plan: Math.round(grant * [0.2, 0.05, 0.1][i]!), fact: filled ? Math.round(grant * [0.2, 0.05, 0.1][i]! * periodShare) : null },
          comment: null,
        })),
        signed: status !== 'draft',
        signedAt,
        updatedAt: created,
      },
      _program: {
        id: id * 100 + 2,
        rows: [
          ['1', 'Разработка технического задания и эскизного проекта', `${year}-01-15`, `${year}-03-31`, 'Эскизный проект'],
          ['2', 'Изготовление опытного образца', `${year}-04-01`, `${year}-08-31`, 'Опытный образец, протокол приемки'],
          ['3', 'Испытания и доработка', `${year}-09-01`, `${year}-11-30`, 'Протоколы испытаний'],
          ['4', 'Подготовка к серийному производству', `${year}-12-01`, `${year}-12-25`, 'Комплект технологической документации'],
        ].map(([code, name, from, to, result], i) => ({
          id: i + 1,
          code: code!,
          name: name!,
          parentCode: null,
          unit: null,
          values: { dateFrom: ddmmyyyy(from), dateTo: ddmmyyyy(to), result: result!, done: filled && i < Math.ceil(periodShare * 4) - (status === 'rejected' ? 1 : 0) },
          comment: null,
        })),
        signed: false,
        signedAt: null,
        updatedAt: created,
      },
      _achievement: {
        id: id * 100 + 3,
        rows: [
          ['1', 'Количество опытных образцов', 'шт.', 2, filled ? 2 : null],
          ['2', 'Количество созданных рабочих мест', 'ед.', 4 + projectId, filled ? 3 + projectId : null],
          ['3', 'Выручка от реализации продукции', 'тыс. руб.', 3000 * projectId, filled ? 2500 * projectId : null],
          ['4', 'Количество поданных заявок на РИД', 'ед.', 1, filled ? 1 : null],
        ].map(([code, name, unit, plan, fact], i) => ({ id: i + 1, code: code as string, name: name as string, parentCode: null, unit: unit as string, values: { plan, fact }, comment: null })),
        signed: false,
        signedAt: null,
        updatedAt: created,
      },
      _deviation: {
        items: filled && status !== 'new'
          ? [
              { code: '2', reason: 'Двое специалистов приняты по договорам ГПХ до завершения испытательного срока.', comment: null },
              { code: '3', reason: 'Перенос поставки первой партии заказчику на следующий квартал по его инициативе.', comment: 'Письмо заказчика приложено к отчету.' },
            ]
          : [],
      },
      _paymentOrders: orders,
      _registers: filled
        ? {
            general: orders.slice(0, 3).map((o, i) => ({ id: id * 10000 + i + 1, date: o.date, documentNumber: `ПП-${o.number}`, name: o.purpose ?? '', amount: o.amount, counterparty: o.recipient })),
            education: [{ id: id * 10000 + 11, date: moscowMidnight(`${year}-03-03`), documentNumber: 'Д-5', name: 'Повышение квалификации инженеров', amount: 84000, counterparty: 'АНО ДПО «Технопарк»' }],
            licenses: [{ id: id * 10000 + 21, date: moscowMidnight(`${year}-03-20`), documentNumber: `Л-${year}/4`, name: 'Лицензия на САПР, 12 месяцев', amount: 126000, counterparty: 'ООО «Софтлайн»' }],
            income: projectId % 2 ? [{ id: id * 10000 + 31, date: moscowMidnight(`${year}-06-10`), documentNumber: 'СФ-88', name: 'Выручка от продажи опытной партии', amount: 2500000 * projectId, counterparty: 'АО «Заказчик»' }] : [],
            rid: [{ id: id * 10000 + 41, date: moscowMidnight(`${year}-05-14`), documentNumber: 'ПЛ-1', name: 'Пошлина за подачу заявки на изобретение', amount: 3300, counterparty: 'ФИПС' }],
            'co-finance': [{ id: id * 10000 + 51, date: moscowMidnight(`${year}-02-01`), documentNumber: 'ВП-1', name: 'Взнос собственных средств', amount: Math.round(grant * 0.2 * periodShare), counterparty: project?.counterparty ?? 'Грантополучатель' }],
          }
        : {},
      _balance: { balance: null, grantorRefundable: status === 'finalized-conclusion' ? 12500 : null, comment: null },
      _updated: {
        report: { updatedAt: created, userId: 7 },
        ...(filled
          ? {
              'expense-structure': { updatedAt: created, userId: 7 },
              'co-finance-structure': { updatedAt: created, userId: 7 },
              'payment-orders': { updatedAt: created, userId: 7 },
              'account-register': { updatedAt: created, userId: 7 },
            }
          : {}),
      },
      _signatures: [],
    };
    await reports.insert(report);

    const owner = project?.ownerId ? await loadUser(s, project.ownerId) : null;
    let current: DocStatus = 'draft';
    let t = now - (200 - id * 12) * day;
    await history.insert({ reportId: id, centerNtiId: report._centerNtiId, status: 'draft', comment: 'Отчет создан', userId: owner?.id ?? 7, fullname: owner?.fio ?? 'Петров Алексей Иванович', createdAt: new Date(t).toISOString() });
    for (const action of PATHS[status]) {
      current = REPORT_TRANSITIONS[action]![current]!;
      t += 3 * day;
      // The grantee who sends is the project's owner; the staff steps are the demo manager and monitor.
      const [userId, fullname] = action === 'new' && owner ? [owner.id, owner.fio] : ACTOR[action]!;
      await history.insert({ reportId: id, centerNtiId: report._centerNtiId, status: current, comment: COMMENTS[action] ?? null, userId, fullname, createdAt: new Date(t).toISOString() });
    }
  }
}
