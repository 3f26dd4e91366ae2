import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { CheckIcon } from '@/components/icons';
import type { FieldDef } from '../model/definition';

declare global {
  interface Window {
    /** Benchmark hook: incremented by every render of a field component (DESIGN.md: one per keystroke). */
    __fieldRenders?: number;
  }
}

export const countRender = () => {
  if (typeof window !== 'undefined') window.__fieldRenders = (window.__fieldRenders ?? 0) + 1;
};

/** Marks of a field that are not its value: approval and the manager's comment (SPEC §3 Point field). */
export function FieldMarks({ field }: { field: FieldDef }) {
  if (!field.approved && !field.managerComment) return null;
  return (
    <Stack gap="1" mt="1">
      {field.approved && (
        <Badge colorPalette="green" variant="subtle" alignSelf="start">
          <CheckIcon size={12} /> Согласовано
        </Badge>
      )}
      {field.managerComment && (
        <Box borderInlineStartWidth="3px" borderColor="orange.400" bg="orange.subtle" px="3" py="1.5" rounded="sm" fontSize="sm">
          <Text as="span" fontWeight="semibold">
            Комментарий менеджера:{' '}
          </Text>
          {field.managerComment}
        </Box>
      )}
    </Stack>
  );
}

/** The name over a group of inputs that has no single control to label (radio, check boxes, files), with its «*». */
export function GroupName({ field }: { field: FieldDef }) {
  // Issue 19: plain elements drawn by the theme's classes (app/hot-styles.ts): every radio or checkbox group has one.
  return (
    <p className="cab-group-label">
      {field.name}
      {field.required && (
        <span className="cab-required-star" aria-hidden="true">
          *
        </span>
      )}
    </p>
  );
}
