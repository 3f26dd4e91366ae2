import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/icons';
import type { PointListItem } from '../api/types';
import { DEADLINE_DOT_TOKENS, DEADLINE_LABELS, DEADLINE_TOKENS, deadlineColor } from '../deadline-color';
import { formatMoscowIso } from '@/lib/moscow-time';
import { colorVar } from '@/lib/token-var';
import { statusPalette } from '../status-palette';

/*
 * Issue 19: the rows of the task lists are plain HTML with the class names of app/hot-styles.ts (defined once through
 * the theme), not Chakra components: a Chakra component resolves its styles per instance on every render, which was
 * most of the first render of /tasks on a phone.
 */

/** Responsive task table: a real table on wide screens, stacked cards on phones (same DOM, no duplicates). */
export function TaskTableShell({ children }: { children: ReactNode }) {
  return (
    <table className="cab-table">
      <thead>
        <tr>
          <th>Задача</th>
          <th>Проект</th>
          <th>Статус</th>
          <th style={{ width: '1%' }}>
            <span className="cab-sr-only">Открыть</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** Task times are Moscow time (SPEC §9). */
function MoscowMark() {
  return <span className="cab-muted" style={{ marginInlineStart: '0.375rem' }}>МСК</span>;
}

export interface TaskRowProps {
  point: PointListItem;
  /** SPEC §2: "Редактировать" when canEdit (or, in the expertise list, when suspended), otherwise "Перейти". */
  linkLabel: 'Редактировать' | 'Перейти';
  now: number;
  /** Extra content under the task (e.g. the owner's "Назначить пользователя" link). */
  extra?: ReactNode;
}

export function TaskRow({ point, linkLabel, now, extra }: TaskRowProps) {
  const color = deadlineColor(point, now);
  const start = formatMoscowIso(point.startDate);
  const deadline = formatMoscowIso(point.deadline);
  const projectName = point.projectName ?? point.project?.name ?? null;
  const projectStatus = point.project?.status?.name ?? null;
  return (
    <tr data-testid="task-row" data-point-id={point.id}>
      <td>
        <div className="cab-stack">
          <Link to="/tasks/$id" params={{ id: String(point.id) }} className="cab-title-link">
            {point.name}
          </Link>
          <span className="cab-xs cab-muted">ID: {point.id}</span>
          {(start || deadline) && (
            <div className="cab-line cab-xs">
              {start && (
                <span className="cab-muted">
                  Начало: {start}
                  {!deadline && <MoscowMark />}
                </span>
              )}
              {deadline && (
                // The time zone stays on the line of the deadline: it never wraps onto a line of its own.
                <span className="cab-nowrap" style={{ color: colorVar(DEADLINE_TOKENS[color]) }} data-deadline-color={color}>
                  <span className="cab-dot" style={{ background: colorVar(DEADLINE_DOT_TOKENS[color]) }} aria-hidden="true" />
                  <span>
                    Срок: {deadline} <span className="cab-sr-only">({DEADLINE_LABELS[color]})</span>
                  </span>
                  <MoscowMark />
                </span>
              )}
            </div>
          )}
          {!start && !deadline && (
            <span className="cab-xs" style={{ color: colorVar(DEADLINE_TOKENS[color]) }} data-deadline-color={color}>
              Сроки не заданы
            </span>
          )}
          {extra}
        </div>
      </td>
      <td>
        <div className="cab-stack">
          <span className="cab-sm">{projectName ?? '—'}</span>
          {projectStatus && <span className="cab-xs cab-muted">{projectStatus}</span>}
        </div>
      </td>
      <td>
        <span className="cab-chip" data-palette={statusPalette(point.status.code1C, point.status.sort)}>
          {point.status.name}
        </span>
      </td>
      <td className="cab-end">
        <Link to="/tasks/$id" params={{ id: String(point.id) }} className="cab-icon-link" aria-label={linkLabel} data-hint={linkLabel}>
          <ChevronDownIcon style={{ transform: 'rotate(-90deg)' }} />
        </Link>
      </td>
    </tr>
  );
}
