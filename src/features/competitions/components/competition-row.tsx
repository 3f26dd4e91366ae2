import { Link } from '@tanstack/react-router';
import type { Competition } from '../api/queries';
import { competitionPathId } from '../rules/list';
import { formatRange } from '../rules/format';
import { CompetitionChips } from './competition-chips';

/**
 * One competition of the list (SPEC §2 "Each row"). Issue 19: plain HTML with the theme's classes (app/hot-styles.ts),
 * as the row is repeated for every competition.
 */
export function CompetitionRow({ competition }: { competition: Competition }) {
  const id = competitionPathId(competition);
  return (
    <article className="cab-panel" aria-label={competition.name}>
      <div className="cab-panel-head">
        <h3 className="cab-heading-md">{competition.name}</h3>
        <Link to="/programs/$id" params={{ id }} className="cab-pill-link" aria-label={`Подробнее о конкурсе ${competition.name}`}>
          Подробнее
        </Link>
      </div>
      <CompetitionChips status={competition.status} mine={competition.hasUserActivePoints} hasTasks={competition.hasActivePoints} />
      <div className="cab-two-columns">
        <div>
          <p className="cab-muted">Проведение конкурса</p>
          <p className="cab-medium">{formatRange(competition.dateFrom, competition.dateTo)}</p>
        </div>
        <div>
          <p className="cab-muted">Подведение итогов</p>
          <p className="cab-medium">{formatRange(competition.resultDateFrom, competition.resultDateTo)}</p>
        </div>
      </div>
    </article>
  );
}
