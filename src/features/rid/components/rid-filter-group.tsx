import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import type { FilterOption } from '../rid-rules';

/** One filter toggle (source or status): options with their counts; pressed state is announced. */
export function RidFilterGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterOption<T>[];
  value: T | 'all';
  onChange: (value: T | 'all') => void;
}) {
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={label}>
      <Text fontSize="sm" color="fg.muted" minW={{ md: '20' }}>
        {label}:
      </Text>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            size="xs"
            borderRadius="pill"
            variant={pressed ? 'solid' : 'outline'}
            colorPalette={pressed ? 'brand' : 'gray'}
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
          >
            {option.label}
            <Badge size="sm" variant={pressed ? 'surface' : 'subtle'} colorPalette={pressed ? 'brand' : 'gray'} borderRadius="full">
              {option.count}
            </Badge>
          </Button>
        );
      })}
    </HStack>
  );
}
