import { Box, Text } from '@chakra-ui/react';

/** Label–value pairs as a description list: two columns on wide screens, stacked on a phone. */
export function InfoList({ rows }: { rows: [string, string | number | null | undefined][] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'minmax(180px, 240px) 1fr' }} columnGap="6" rowGap={{ base: '1', md: '3' }}>
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted" mt={{ base: '2', md: '0' }}>
            {label}
          </Text>
          <Text as="dd" fontWeight="medium" wordBreak="break-word">
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
