import { Box, Flex, Link, Text } from '@chakra-ui/react';

/** SPEC §2: three PDF documents and a copyright line with the current year. */
export const FOOTER_DOCUMENTS = [
  { href: '/docs/user-agreement.pdf', label: 'Пользовательское соглашение' },
  { href: '/docs/privacy-policy.pdf', label: 'Политика конфиденциальности' },
  { href: '/docs/user-guide.pdf', label: 'Руководство пользователя' },
] as const;

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg" px={{ base: '3', md: '6' }} py="4" fontSize="sm">
      <Flex gap={{ base: '2', md: '6' }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
        {FOOTER_DOCUMENTS.map((doc) => (
          <Link key={doc.href} href={doc.href} target="_blank" rel="noopener" color="brand.fg">
            {doc.label} (PDF)
          </Link>
        ))}
      </Flex>
      <Text mt="2" color="fg.muted">
        © {year} Грантовый портал. Все права защищены.
      </Text>
    </Box>
  );
}
