import { Alert, Box, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { pluralRu } from '@/lib/plural';
import { parseSlotKey } from '../model/slots';
import { progressText, useProgress } from '../model/progress';
import { useFormContext } from './form-context';

/** Issue 17: «Заполнено N из M обязательных полей» of the whole form or of one group; re-renders only when it changes. */
export function ProgressLine({ section, compact }: { section?: string; compact?: boolean }) {
  const { store, def } = useFormContext();
  const progress = useProgress(store, def, section);
  if (progress.required === 0) return null;
  const done = progress.filled === progress.required;
  const text = progressText(progress);
  if (compact) {
    return (
      <Text fontSize="sm" color={done ? 'green.fg' : 'fg.muted'} data-testid={`progress-${section ?? 'form'}`}>
        {text}
      </Text>
    );
  }
  return (
    <Stack gap="1.5" data-testid="progress-form">
      <Text fontSize="sm" fontWeight="medium" aria-live="polite">
        {text}
      </Text>
      <Box role="progressbar" aria-label="Заполнение обязательных полей" aria-valuemin={0} aria-valuemax={progress.required} aria-valuenow={progress.filled} h="1.5" bg="bg.emphasized" rounded="full" overflow="hidden">
        <Box h="full" w={`${(progress.filled / progress.required) * 100}%`} bg={done ? 'green.solid' : 'brand.solid'} rounded="full" transition="width 0.2s" />
      </Box>
    </Stack>
  );
}

export interface FoundError {
  key: string;
  message: string;
}

/**
 * «Проверить анкету»: every error of the form as a list, each with a link to its field (activating the link focuses
 * the field). `check` validates the whole form and marks the fields, like a submit does.
 */
export function FormCheck({ check, focus }: { check: () => FoundError[]; focus: (slot: string) => void }) {
  const { def, store } = useFormContext();
  const [found, setFound] = useState<FoundError[] | null>(null);
  const where = (key: string) => {
    const parsed = parseSlotKey(key);
    const field = parsed ? def.fields.get(parsed.code) : undefined;
    if (!parsed || !field) return key;
    const section = def.sections.find((s) => s.fields.includes(field));
    if (!section?.multiple) return field.name;
    const position = store.getInstances(section.code).indexOf(parsed.groupIndex) + 1;
    return `${field.name} (${section.name ?? 'запись'} № ${position})`;
  };
  return (
    <Stack gap="3">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Box flex="1" minW="56">
          <ProgressLine />
        </Box>
        <Button size="sm" variant="outline" onClick={() => setFound(check())}>
          Проверить анкету
        </Button>
      </HStack>
      {found &&
        (found.length === 0 ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>Ошибок не найдено: анкету можно отправлять</Alert.Title>
          </Alert.Root>
        ) : (
          <Alert.Root status="error" role="alert" alignItems="start">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {found.length} {pluralRu(found.length, 'поле требует', 'поля требуют', 'полей требуют')} исправления
              </Alert.Title>
              <List.Root as="ol" ps="5" mt="2" gap="1" fontSize="sm">
                {found.map((e) => (
                  <List.Item key={e.key}>
                    <Link
                      href={`#${e.key}`}
                      color="fg.error"
                      textDecoration="underline"
                      onClick={(event) => {
                        event.preventDefault();
                        focus(e.key);
                      }}
                    >
                      {where(e.key)}
                    </Link>
                    : {e.message}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Content>
          </Alert.Root>
        ))}
    </Stack>
  );
}
