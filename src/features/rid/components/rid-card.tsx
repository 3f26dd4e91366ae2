import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { RID_SOURCE_LABELS, RID_STATUS_LABELS, canSubmit, formatRidDate, plannedNote, ridTitle, type Rid } from '../rid-rules';

const STATUS_PALETTE = { pending: 'orange', applied: 'blue', registered: 'green' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Text fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

const numberAndDate = (number?: string | null, date?: string | null) =>
  [number ? `№ ${number}` : null, formatRidDate(date) ? `от ${formatRidDate(date)}` : null].filter(Boolean).join(' ') || null;

/**
 * One RID card (SPEC §4): pending shows the planned date with "просрочено на …" / "через …"; applied shows the
 * application; registered shows the patent and the application. Compact mode keeps the essentials only.
 */
export function RidCard({
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

  return (
    <Card.Root size="sm" variant="outline" h="full" data-testid="rid-card" data-status={rid.status} data-source={rid.source} aria-label={title} as="article">
      <Card.Header pb="0">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[rid.status]} variant="subtle">
            {RID_STATUS_LABELS[rid.status]}
          </Badge>
          <Badge colorPalette={rid.source === 'planned' ? 'gray' : 'purple'} variant="outline">
            {RID_SOURCE_LABELS[rid.source]}
          </Badge>
        </HStack>
        <Card.Title fontSize="md" mt="2" lineHeight="short">
          {title}
        </Card.Title>
        {rid.kind && (
          <Text fontSize="sm" color="fg.muted">
            {rid.kind}
          </Text>
        )}
      </Card.Header>
      <Card.Body gap="1">
        {rid.status === 'pending' && (
          <Box>
            <Row label="Плановая дата">{formatRidDate(rid.plannedAt) ?? 'не указана'}</Row>
            {note && (
              <Text fontSize="sm" fontWeight="medium" color={note.overdue ? 'red.fg' : 'green.fg'}>
                {note.text}
              </Text>
            )}
          </Box>
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
          <Stack gap="1" mt="2" pt="2" borderTopWidth="1px">
            {rid.status !== 'pending' && application?.kind && <Row label="Вид заявки">{application.kind}</Row>}
            {application?.pctNumber && <Row label="Заявка PCT">{numberAndDate(application.pctNumber, application.pctDate)}</Row>}
            {rid.status === 'registered' && patent?.scope && <Row label="Объём правовой охраны">{patent.scope}</Row>}
            {rid.status === 'registered' && patent?.objects?.length ? <Row label="Объекты">{patent.objects.join('; ')}</Row> : null}
            <Row label="Авторы">{rid.info?.authors?.join(', ') || 'не указаны'}</Row>
            <Row label="Правообладатели">{rid.info?.holders?.join(', ') || 'не указаны'}</Row>
            <Row label="Код РИД">{rid.code}</Row>
            <Row label="Код плана">{rid.planCode}</Row>
            <Row label="Задача">{rid.pointHumanId}</Row>
          </Stack>
        )}
      </Card.Body>
      {canAct && (
        <Card.Footer pt="2">
          {submit ? (
            <Button size="sm" colorPalette="brand" borderRadius="pill" onClick={() => onSubmit(rid)}>
              Подать РИД
            </Button>
          ) : (
            <Button size="sm" variant="outline" colorPalette="brand" borderRadius="pill" onClick={() => onUpdate(rid)}>
              Обновить сведения
            </Button>
          )}
        </Card.Footer>
      )}
    </Card.Root>
  );
}
