import { Accordion, Box, List, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import type { DisplayValue, PreviewSection } from '../preview-sections';

/** Steps for a damaged answer with thousands of groups or rows (a normal questionnaire is far below both). */
const SECTION_STEP = 30;

/** SPEC §2 "Task preview": collapsible field groups; repeatable groups as tables ("Нет данных" when empty). */
export function FieldGroups({ sections }: { sections: PreviewSection[] }) {
  const shown = useRenderLimit(sections, SECTION_STEP);
  // Read at once (not after a first render as wide): the phone's cards are drawn from the start.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false });
  if (!sections.length) return null;
  return (
    <>
      <Accordion.Root multiple defaultValue={sections.map((s) => s.code)} variant="enclosed" bg="bg">
        {shown.visible.map((section) => (
          <Accordion.Item key={section.code} value={section.code}>
            <Accordion.ItemTrigger cursor="pointer">
              <Text flex="1" fontWeight="semibold" textAlign="start">
                {section.title}
              </Text>
              <Accordion.ItemIndicator aria-hidden="true" />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                {section.description && (
                  <Text fontSize="sm" color="fg.muted" mb="3">
                    {section.description}
                  </Text>
                )}
                {section.kind === 'plain' ? (
                  <Stack as="dl" gap="3">
                    {section.items.map((item) => (
                      <Box key={item.code} display={{ base: 'block', md: 'grid' }} gridTemplateColumns="minmax(0, 2fr) minmax(0, 3fr)" gap="4">
                        <Text as="dt" fontSize="sm" color="fg.muted">
                          {item.name}
                        </Text>
                        <Box as="dd" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                          <ShownValue value={item.value} />
                        </Box>
                      </Box>
                    ))}
                  </Stack>
                ) : section.rows.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted" role="status">
                    Нет данных
                  </Text>
                ) : phone ? (
                  <RecordCards title={section.title} columns={section.columns} rows={section.rows} />
                ) : (
                  // A table wider than the screen scrolls sideways: the area takes focus so the keyboard can scroll it (WCAG 2.1.1).
                  <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={`${section.title}: таблица`}>
                    <Table.Root size="sm" variant="outline" aria-label={section.title}>
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader width="1%">№</Table.ColumnHeader>
                          {section.columns.map((c) => (
                            <Table.ColumnHeader key={c.code}>{c.name}</Table.ColumnHeader>
                          ))}
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        <TableRows rows={section.rows} />
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                )}
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <ShowMore hidden={shown.hidden} onClick={shown.showMore} step={SECTION_STEP} />
    </>
  );
}

/** One shown value: a text, or a list of several (multi-value fields, ticked options). */
function ShownValue({ value }: { value: DisplayValue }) {
  if (!Array.isArray(value)) return <>{value}</>;
  return (
    <List.Root ps="4" gap="0.5">
      {value.map((v, i) => (
        <List.Item key={i}>{v}</List.Item>
      ))}
    </List.Root>
  );
}

/**
 * Phones: each record of a repeatable group is a card listing its columns by name (issue 50: a table of 5 columns,
 * 592 px wide in 315, kept 2 of them off the screen with nothing to say so).
 */
function RecordCards({ title, columns, rows }: { title: string; columns: { code: string; name: string }[]; rows: DisplayValue[][] }) {
  const shown = useRenderLimit(rows);
  return (
    <>
      <Stack as="ol" aria-label={title} gap="3" listStyleType="none" m="0" p="0">
        {shown.visible.map((row, r) => (
          <Box as="li" key={r} borderWidth="1px" borderRadius="md" p="3">
            <Text fontSize="sm" fontWeight="semibold" mb="2">
              № {r + 1}
            </Text>
            <Stack as="dl" gap="2">
              {row.map((cell, c) => (
                <div key={c}>
                  <Text as="dt" fontSize="xs" color="fg.muted">
                    {columns[c]?.name}
                  </Text>
                  <Box as="dd" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                    <ShownValue value={cell} />
                  </Box>
                </div>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
      <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
    </>
  );
}

function TableRows({ rows }: { rows: DisplayValue[][] }) {
  const shown = useRenderLimit(rows);
  return (
    <>
      {shown.visible.map((row, r) => (
        <Table.Row key={r}>
          <Table.Cell>{r + 1}</Table.Cell>
          {row.map((cell, c) => (
            <Table.Cell key={c} whiteSpace="pre-wrap" minW="32">
              <ShownValue value={cell} />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
      {shown.hidden > 0 && (
        <Table.Row>
          <Table.Cell colSpan={(rows[0]?.length ?? 0) + 1}>
            <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
