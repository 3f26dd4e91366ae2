import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { AREA_PATHS, type ScreenLink } from '@/lib/roles';

/** Links from one screen to others (roles.ts SCREEN_LINKS), e.g. «Архив» and «Календарь» beside «Мои задачи». */
export function ScreenLinks({ links }: { links: readonly ScreenLink[] }) {
  if (links.length === 0) return null;
  return (
    <HStack as="nav" aria-label="Связанные разделы" gap="4" wrap="wrap">
      {links.map((link) => (
        <ChakraLink key={link.area} asChild color="brand.fg" fontWeight="medium">
          <Link to={AREA_PATHS[link.area]}>{link.label}</Link>
        </ChakraLink>
      ))}
    </HStack>
  );
}
