import { Button, HStack, Text } from '@chakra-ui/react';

/** Page switcher of the lists (SPEC §9: 20 a page). Shows at most 7 page buttons around the current one. */
export function Pager({ page, pageCount, onChange }: { page: number; pageCount: number; onChange: (page: number) => void }) {
  if (pageCount <= 1) return null;
  const from = Math.max(1, Math.min(page - 3, pageCount - 6));
  const to = Math.min(pageCount, from + 6);
  const pages = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <HStack as="nav" aria-label="Страницы" gap="1" wrap="wrap" justify="center" py="3">
      <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Назад
      </Button>
      {pages.map((p) => (
        <Button
          key={p}
          size="sm"
          variant={p === page ? 'solid' : 'ghost'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Страница ${p}`}
          onClick={() => onChange(p)}
        >
          {p}
        </Button>
      ))}
      <Button size="sm" variant="ghost" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Вперёд
      </Button>
      <Text srOnly>
        Страница {page} из {pageCount}
      </Text>
    </HStack>
  );
}
