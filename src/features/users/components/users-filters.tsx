import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { FILTER_DEBOUNCE_MS, USER_TEXT_FILTERS, hasActiveFilters, parseUsersSearch, type UsersSearch } from '../users-search';
import type { Group } from '../api/groups';

type Draft = Record<'id' | 'group_id' | (typeof USER_TEXT_FILTERS)[number], string>;

const LABELS: Record<keyof Draft, string> = {
  id: 'ID',
  name: 'ФИО',
  group_id: 'Группа',
  email: 'E-mail',
  phone: 'Телефон',
  city: 'Город',
  work_company: 'Название компании',
};

const toDraft = (search: UsersSearch): Draft => ({
  id: search.id ? String(search.id) : '',
  name: search.name ?? '',
  group_id: search.group_id ? String(search.group_id) : '',
  email: search.email ?? '',
  phone: search.phone ?? '',
  city: search.city ?? '',
  work_company: search.work_company ?? '',
});

const filtersKey = (search: UsersSearch) => JSON.stringify({ ...search, page: undefined });

/** SPEC §2 filters of /users; typing is debounced before it reaches the URL (and so the server). */
export function UsersFilters(props: { search: UsersSearch; groups: Group[] | undefined; onChange: (next: UsersSearch) => void }) {
  const { search, onChange } = props;
  const [draft, setDraft] = useState<Draft>(() => toDraft(search));
  const emitted = useRef(filtersKey(search));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The URL changed from outside (back button, a link): show what it says.
  useEffect(() => {
    const key = filtersKey(search);
    if (key !== emitted.current) {
      emitted.current = key;
      setDraft(toDraft(search));
    }
  }, [search]);

  useEffect(() => {
    const next = parseUsersSearch(draft);
    const key = filtersKey(next);
    if (key === emitted.current) return;
    const timer = setTimeout(() => {
      emitted.current = key;
      onChangeRef.current(next);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const idInvalid = draft.id.trim() !== '' && !/^\d+$/.test(draft.id.trim());
  const active = Object.values(draft).filter((v) => v.trim()).length;
  // Phones: the seven filters fold away behind one button so the list is on the first screen.
  const [expanded, setExpanded] = useState(active > 0);

  return (
    <Box>
      <Button
        display={{ base: 'inline-flex', md: 'none' }}
        variant="outline"
        size="sm"
        w="full"
        aria-expanded={expanded}
        aria-controls="users-filters"
        onClick={() => setExpanded((v) => !v)}
        mb={expanded ? '3' : '0'}
      >
        {expanded ? 'Скрыть фильтры' : 'Фильтры'}
        {active > 0 && (
          <Badge colorPalette="brand" variant="solid" borderRadius="full">
            {active}
          </Badge>
        )}
      </Button>
      <SimpleGrid
        as="form"
        id="users-filters"
        role="search"
        aria-label="Фильтры пользователей"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="3"
        display={{ base: expanded ? 'grid' : 'none', md: 'grid' }}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field.Root invalid={idInvalid}>
          <Field.Label>{LABELS.id}</Field.Label>
          <Input value={draft.id} inputMode="numeric" onChange={(e) => set('id')(e.currentTarget.value)} size="sm" bg="bg" />
          <Field.ErrorText>Введите число</Field.ErrorText>
        </Field.Root>
        <TextFilter label={LABELS.name} value={draft.name} onChange={set('name')} />
        <Field.Root>
          <Field.Label>{LABELS.group_id}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.group_id} onChange={(e) => set('group_id')(e.currentTarget.value)} bg="bg">
              <option value="">Все группы</option>
              {props.groups?.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <TextFilter label={LABELS.email} value={draft.email} onChange={set('email')} type="search" />
        <TextFilter label={LABELS.phone} value={draft.phone} onChange={set('phone')} />
        <TextFilter label={LABELS.city} value={draft.city} onChange={set('city')} />
        <TextFilter label={LABELS.work_company} value={draft.work_company} onChange={set('work_company')} />
        <Field.Root justifyContent="flex-end">
          <Button
            size="sm"
            variant="outline"
            disabled={!hasActiveFilters(search) && !Object.values(draft).some((v) => v.trim())}
            onClick={() => {
              setDraft(toDraft({}));
            }}
          >
            Сбросить фильтры
          </Button>
        </Field.Root>
      </SimpleGrid>
    </Box>
  );
}

function TextFilter(props: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <Input
        value={props.value}
        type={props.type ?? 'text'}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        size="sm"
        bg="bg"
        maxLength={200}
      />
    </Field.Root>
  );
}
