import { useMemo, useState } from 'react';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import { Box, Text, Timeline } from '@chakra-ui/react';
import { STAGE_DOT_COLORS, formatDate, stageNote, stagePhase, type PlanStage } from '../plan-rules';

const PHASE_LABELS = { past: 'Завершён', active: 'Идёт сейчас', future: 'Запланирован' } as const;

/** SPEC §2 Plan tab: stages with name, description, from/to dates and a relative note; dots grey/green/primary. */
export function PlanTimeline({ plan }: { plan: PlanStage[] }) {
  const [now] = useState(() => Date.now());
  const shown = useRenderLimit(plan);
  const stages = useMemo(
    () => shown.visible.map((stage) => ({ stage, phase: stagePhase(stage, now), note: stageNote(stage, now) })),
    [shown.visible, now],
  );
  return (
    <>
    <Timeline.Root size="lg" variant="subtle" maxW="3xl">
      {stages.map(({ stage, phase, note }) => (
        <Timeline.Item key={stage.code1C} data-phase={phase} aria-label={`${stage.name}: ${PHASE_LABELS[phase]}`}>
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator bg={STAGE_DOT_COLORS[phase]} borderColor={STAGE_DOT_COLORS[phase]} data-testid="plan-dot" boxSize="4" />
          </Timeline.Connector>
          <Timeline.Content gap="1" pb="6">
            <Timeline.Title fontWeight="semibold">{stage.name}</Timeline.Title>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(stage.dateFrom)} – {formatDate(stage.dateTo)}
              {note && (
                <Box as="span" ms="2" color={phase === 'active' ? 'brand.fg' : phase === 'future' ? 'green.fg' : 'fg.muted'} fontWeight="medium">
                  · {note}
                </Box>
              )}
            </Text>
            {stage.description && <Timeline.Description color="fg">{stage.description}</Timeline.Description>}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
      <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
    </>
  );
}
