import { memo, type ReactNode } from 'react';
import { colorVar } from '@/lib/token-var';
import { RID_SOURCE_LABELS, RID_STATUS_LABELS, canSubmit, formatRidDate, plannedNote, ridTitle, type Rid } from '../rid-rules';

const STATUS_PALETTE = { pending: 'orange', applied: 'blue', registered: 'green' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className="cab-sm">
      <span className="cab-muted">{label}: </span>
      {children}
    </p>
  );
}

const numberAndDate = (number?: string | null, date?: string | null) =>
  [number ? `№ ${number}` : null, formatRidDate(date) ? `от ${formatRidDate(date)}` : null].filter(Boolean).join(' ') || null;

/**
 * One RID card (SPEC §4): pending shows the planned date with "просрочено на …" / "через …"; applied shows the
 * application; registered shows the patent and the application. Compact mode keeps the essentials only. Issue 19:
 * drawn again only when its props change (memo) — the tab re-renders for every state of its requests, and each card
 * works out its dates and resolves its button's styles.
 */
export const RidCard = memo(function RidCard({
  rid,
  compact,
  now,
  canAct,
  onSubmit,
  onUpdate,
}: {
  rid: Rid;
  compact: boolean;
  now: number;
  canAct: boolean;
  onSubmit: (rid: Rid) => void;
  onUpdate: (rid: Rid) => void;
}) {
  const title = ridTitle(rid);
  const application = rid.info?.application ?? null;
  const patent = rid.info?.patent ?? null;
  const note = rid.status === 'pending' ? plannedNote(rid.plannedAt, now) : null;
  const submit = canSubmit(rid);

  // Issue 19: plain HTML with the theme's classes (app/hot-styles.ts): a card is repeated for every RID of a project.
  return (
    <article className="cab-card" data-testid="rid-card" data-status={rid.status} data-source={rid.source} aria-label={title}>
      <header>
        <div className="cab-line" style={{ gap: '0.5rem' }}>
          <span className="cab-chip" data-palette={STATUS_PALETTE[rid.status]}>
            {RID_STATUS_LABELS[rid.status]}
          </span>
          <span className="cab-chip" data-palette={rid.source === 'planned' ? 'gray' : 'purple'} data-variant="outline">
            {RID_SOURCE_LABELS[rid.source]}
          </span>
        </div>
        <h2 className="cab-card-title">{title}</h2>
        {rid.kind && <p className="cab-sm cab-muted">{rid.kind}</p>}
      </header>
      <div className="cab-card-body">
        {rid.status === 'pending' && (
          <div>
            <Row label="Плановая дата">{formatRidDate(rid.plannedAt) ?? 'не указана'}</Row>
            {note && (
              <p className="cab-sm cab-medium" style={{ color: colorVar(note.overdue ? 'red.fg' : 'green.fg') }}>
                {note.text}
              </p>
            )}
          </div>
        )}
        {rid.status === 'registered' && patent?.protection && (
          <Row label={patent.protection.kind ?? 'Охранный документ'}>
            {[patent.protection.number ? `№ ${patent.protection.number}` : null, formatRidDate(patent.protection.priorityDate) ? `приоритет от ${formatRidDate(patent.protection.priorityDate)}` : null]
              .filter(Boolean)
              .join(', ')}
          </Row>
        )}
        {rid.status !== 'pending' && application && <Row label="Заявка">{numberAndDate(application.number, application.date)}</Row>}
        {!compact && (
          <div className="cab-divided">
            {rid.status !== 'pending' && application?.kind && <Row label="Вид заявки">{application.kind}</Row>}
            {application?.pctNumber && <Row label="Заявка PCT">{numberAndDate(application.pctNumber, application.pctDate)}</Row>}
            {rid.status === 'registered' && patent?.scope && <Row label="Объём правовой охраны">{patent.scope}</Row>}
            {rid.status === 'registered' && patent?.objects?.length ? <Row label="Объекты">{patent.objects.join('; ')}</Row> : null}
            <Row label="Авторы">{rid.info?.authors?.join(', ') || 'не указаны'}</Row>
            <Row label="Правообладатели">{rid.info?.holders?.join(', ') || 'не указаны'}</Row>
            <Row label="Код РИД">{rid.code}</Row>
            <Row label="Код плана">{rid.planCode}</Row>
            <Row label="Задача">{rid.pointHumanId}</Row>
          </div>
        )}
      </div>
      {canAct && (
        <footer>
          {/* Issue 19: a plain button drawn by the theme's classes (Chakra's button size "sm" recipe, app/hot-styles.ts). */}
          {submit ? (
            <button type="button" className="cab-button-sm cab-pill" onClick={() => onSubmit(rid)}>
              Подать РИД
            </button>
          ) : (
            <button type="button" className="cab-button-sm-outline cab-pill" onClick={() => onUpdate(rid)}>
              Обновить сведения
            </button>
          )}
        </footer>
      )}
    </article>
  );
});
