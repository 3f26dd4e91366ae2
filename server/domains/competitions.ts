import type { OperationHandlers } from '../lib/operations';
import type { AuthUser, Services } from '../lib/services';
import { notFound } from '../lib/http';
import { pointsOf, toApiPoint, type StoredPoint } from '../lib/points';
import { COMPETITION_GROUPS, PROGRAMS, demoCompetitions, type SeedCompetition } from '../seed/templates';
import { attachmentsOf, type StoredAttachment } from './questionnaire/model';

/**
 * Competitions (SPEC §2 "Competitions list", "Competition details"; §3 "Competition (template)").
 * Stored in collection "competitions" (the API `Competition` plus private "_" keys). The per-user chips are
 * computed on every answer from the shared points store:
 * - hasUserActivePoints ("Участвую"): the user owns or is responsible for a non-archived point of the competition
 *   whose status is not finished (status sort < 1000, SPEC §4).
 * - hasActivePoints ("Есть задачи!"): among those points at least one waits for the user's action (it can be edited
 *   or signed now).
 */
export const competitionsOf = (s: Services) => s.collection<SeedCompetition>('competitions');

export function competitionsHandlers(s: Services): OperationHandlers {
  async function chipsFor(user: AuthUser) {
    const byTemplate = new Map<string, { participates: boolean; hasTasks: boolean }>();
    for (const point of await pointsOf(s).all()) {
      const mine = point.ownerId === user.id || (point as StoredPoint & { responsibleUserId?: number | null }).responsibleUserId === user.id;
      if (!mine || point.archive === true || point.status.sort >= 1000) continue;
      const entry = byTemplate.get(point._templateCode) ?? { participates: false, hasTasks: false };
      entry.participates = true;
      if (point.canEdit === true || point.canSign === true) entry.hasTasks = true;
      byTemplate.set(point._templateCode, entry);
    }
    return byTemplate;
  }

  const present = (competition: SeedCompetition, chips: Map<string, { participates: boolean; hasTasks: boolean }>) => {
    const chip = chips.get(competition.code1C);
    return {
      ...toApiPoint(competition),
      hasUserActivePoints: chip?.participates ?? false,
      hasActivePoints: chip?.hasTasks ?? false,
    };
  };

  async function find(idOrCode: string): Promise<SeedCompetition | null> {
    if (/^\d+$/.test(idOrCode)) {
      const byId = await competitionsOf(s).get(Number(idOrCode));
      if (byId) return byId;
    }
    return (await competitionsOf(s).where({ code1C: idOrCode }))[0] ?? null;
  }

  return {
    async competitionActiveList({ user }) {
      const chips = await chipsFor(user);
      return (await competitionsOf(s).all()).map((c) => present(c, chips));
    },
    async competitionActiveGet({ params, user }) {
      const competition = await find(String(params.id));
      if (!competition) throw notFound('Конкурс не найден');
      return present(competition, await chipsFor(user));
    },
    competitionGroups: () => COMPETITION_GROUPS,
    lookupPrograms: () => PROGRAMS.map((p) => ({ id: p.id, name: p.name, code: p.code })),
    async lookupTemplates() {
      return (await competitionsOf(s).all()).map((c) => ({ id: c.id, name: c.name, code: c.code1C }));
    },
    lookupTemplateGroups: () => COMPETITION_GROUPS.map((g) => ({ id: g.code, name: g.name, code: g.code })),
  };
}

/** Demo competitions and their materials (the PDFs are generated on first download, see attachDownload). */
export async function seedCompetitions(s: Services): Promise<void> {
  const now = s.clock.now();
  for (const competition of demoCompetitions(now)) {
    const { _fileTexts, ...stored } = competition;
    await competitionsOf(s).put(stored);
    for (const file of competition.files) {
      const attachment: StoredAttachment = {
        id: file.id,
        fileId: null,
        fileName: file.name,
        originalFileName: file.name,
        groupCode: null,
        groupIndex: null,
        attachCode: `COMPETITION_${competition.code1C}`,
        sort: file.id,
        signable: false,
        signValid: false,
        isApproved: true,
        managerComment: null,
        valueIndex: 0,
        code1C: `COMPETITION_${competition.code1C}`,
        _pointId: null,
        _ownerId: null,
        _public: true,
        _pdfLines: _fileTexts?.[file.id] ?? [file.name],
        _state: 'stored',
      };
      await attachmentsOf(s).put(attachment);
    }
  }
}
