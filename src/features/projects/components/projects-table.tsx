import { Box, ButtonGroup, Link as ChakraLink, IconButton, Pagination, Skeleton, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { Project } from '../api/queries';
import { EmptyState, ShowMore, useRenderLimit } from '@/components/list-views';
import { BackIcon } from '@/components/icons';
import { PAGE_SIZE } from '@/lib/limits';

export interface ProjectsTableProps {
  items: Project[] | undefined;
  totalCount: number;
  page: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  onOpen: (id: number) => void;
}

/**
 * Phones: each row is a card (ID, project and competition, status) — no column is pushed off the screen. The header row
 * is only not drawn: a screen reader still names each cell by its column (issue 50).
 */
const PHONE_CARDS = {
  '@media (max-width: 47.99em)': {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' },
    '& tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': { borderBottomWidth: '1px', paddingBlock: '0.5rem' },
    '& td': { borderBottomWidth: '0', paddingBlock: '0.125rem' },
    '& td[data-wide-only]': { display: 'none' },
  },
} as const;

/** SPEC §2: columns ID, Проект, Конкурс (template name), Статус (status name); not sortable; a row opens the project. */
export function ProjectsTable({ items, totalCount, page, loading, onPageChange, onOpen }: ProjectsTableProps) {
  const rows = useRenderLimit(items);
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="md" interactive aria-label="Проекты" aria-busy={loading} css={PHONE_CARDS}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader w="16">ID</Table.ColumnHeader>
              <Table.ColumnHeader>Проект</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>Конкурс</Table.ColumnHeader>
              <Table.ColumnHeader>Статус</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!items &&
              loading &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={4}>
                    <Skeleton h="5" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {rows.visible.map((project) => (
              <Table.Row key={project.id} cursor="pointer" onClick={() => onOpen(project.id)}>
                <Table.Cell color="fg.muted" fontSize={{ base: 'xs', md: 'inherit' }}>
                  {/* The column's name drawn on the card; a screen reader has it from the header. */}
                  <Text as="span" display={{ base: 'inline', md: 'none' }} aria-hidden="true">
                    ID:{' '}
                  </Text>
                  {project.id}
                </Table.Cell>
                <Table.Cell>
                  {/* The name is the keyboard and screen-reader way in; the whole row answers to a click. */}
                  <ChakraLink asChild color="fg" fontWeight="medium" textDecoration="none" _hover={{ textDecoration: 'underline' }}>
                    <Link to="/projects/$id" params={{ id: String(project.id) }} onClick={(e) => e.stopPropagation()}>
                      {project.name}
                    </Link>
                  </ChakraLink>
                  <Text display={{ base: 'block', md: 'none' }} fontSize="sm" color="fg.muted">
                    {project.template.name}
                  </Text>
                </Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }} data-wide-only="">
                  {project.template.name}
                </Table.Cell>
                <Table.Cell>
                  <Text as="span" display={{ base: 'inline', md: 'none' }} color="fg.muted" fontSize="sm" aria-hidden="true">
                    Статус:{' '}
                  </Text>
                  {project.status.name}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {items && items.length === 0 && <EmptyState text="Нет данных" />}
      <ShowMore hidden={rows.hidden} onClick={rows.showMore} />
      {totalCount > PAGE_SIZE && (
        <Box px="4" py="3" borderTopWidth="1px" display="flex" justifyContent="center">
          <Pagination.Root
            count={totalCount}
            pageSize={PAGE_SIZE}
            page={page}
            onPageChange={(e) => onPageChange(e.page)}
            aria-label="Страницы списка проектов"
          >
            <ButtonGroup variant="ghost" size="sm" wrap="wrap">
              <Pagination.PrevTrigger asChild>
                <IconButton aria-label="Предыдущая страница">
                  <BackIcon />
                </IconButton>
              </Pagination.PrevTrigger>
              <Pagination.Items
                render={(p) => (
                  <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Страница ${p.value}`}>
                    {p.value}
                  </IconButton>
                )}
              />
              <Pagination.NextTrigger asChild>
                <IconButton aria-label="Следующая страница">
                  <BackIcon style={{ transform: 'rotate(180deg)' }} />
                </IconButton>
              </Pagination.NextTrigger>
            </ButtonGroup>
          </Pagination.Root>
        </Box>
      )}
    </Box>
  );
}
