import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { memo, useRef } from 'react';
import { CloseIcon } from '@/components/icons';
import { notifySuccess, notifyUndoable } from '@/components/toaster';
import type { SectionDef } from '../model/definition';
import { useInstances } from '../model/form-store';
import { AttachmentSlot } from './attachment-slot';
import { FieldView } from './field-view';
import { ProgressLine } from './form-progress';
import { useFormContext } from './form-context';
import { RichText } from '@/components/rich-text';

function InstanceFields({ section, instance }: { section: SectionDef; instance: number }) {
  return (
    <div className="cab-fields">
      {section.fields.map((field) => (
        <FieldView key={field.code} field={field} instance={instance} />
      ))}
    </div>
  );
}

/** One group of the questionnaire; a repeatable group (multiple) can be added and removed (SPEC §2). */
export const SectionView = memo(function SectionView({ section }: { section: SectionDef }) {
  const { store } = useFormContext();
  const instances = useInstances(store, section.code);
  const fieldCodes = section.fields.map((f) => f.code);
  const titleId = `section-${section.code}`;
  const addRef = useRef<HTMLButtonElement>(null);
  // Issue 17: a removal is not final at once — the toast offers «Отменить», which brings the record back with its values.
  const remove = (instance: number, position: number) => {
    const removed = store.removeInstance(section.code, instance, fieldCodes);
    // The removed record's button is gone: the focus goes to «Добавить запись», not to <body>.
    addRef.current?.focus();
    const record = `Запись № ${position + 1} раздела «${section.name ?? ''}»`;
    notifyUndoable(`${record} удалена`, () => {
      store.restoreInstance(removed);
      notifySuccess(`${record} восстановлена`);
    });
  };
  return (
    <Box as="section" aria-labelledby={section.name ? titleId : undefined} bg="bg" borderWidth="1px" borderColor="border" rounded="xl" p={{ base: '4', md: '6' }} style={offscreenSkipped(section)}>
      <Stack gap="5">
        {section.name && (
          <Box>
            <Heading as="h3" size="md" id={titleId}>
              {section.name}
            </Heading>
            <ProgressLine section={section.code} compact />
            {section.description && <RichText html={section.description} color="fg.muted" fontSize="sm" mt="1" />}
          </Box>
        )}
        {section.multiple ? (
          <Stack gap="4">
            {instances.map((instance, position) => (
              <Box key={instance} borderWidth="1px" borderColor="border" rounded="lg" p="4" bg="bg.subtle" data-group-instance={`${section.code}:${instance}`}>
                <HStack justify="space-between" mb="3">
                  <Text fontWeight="semibold">
                    {section.name} № {position + 1}
                  </Text>
                  {instances.length > 1 && !section.readOnly && (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove(instance, position)} aria-label={`Удалить запись № ${position + 1} раздела «${section.name ?? ''}»`}>
                      <CloseIcon size={14} /> Удалить
                    </Button>
                  )}
                </HStack>
                <InstanceFields section={section} instance={instance} />
              </Box>
            ))}
            {!section.readOnly && (
              <Button ref={addRef} variant="outline" alignSelf="start" onClick={() => store.addInstance(section.code)} aria-label={`Добавить запись в раздел «${section.name ?? ''}»`}>
                Добавить запись
              </Button>
            )}
          </Stack>
        ) : (
          <InstanceFields section={section} instance={instances[0] ?? 0} />
        )}
        {section.attachments.length > 0 && (
          <Stack gap="3">
            {section.attachments.map((attachment) => (
              <AttachmentSlot key={attachment.code1C} attachment={attachment} />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

/** The height a group of this many fields takes, roughly (rem): what its place holds before it is laid out. */
const estimatedHeight = (section: SectionDef) => Math.max(1, section.fields.length) * 5.5;

/**
 * Issue 19: a group away from the screen is not styled, laid out or painted until it comes near (`content-visibility:
 * auto`), keeping the estimated height (then the one it last had). Its fields stay in the page and in the accessibility
 * tree: focus, find in page and "scroll to the first error" reach them as before; every layout the form causes (a
 * dialog opening, a group arriving) no longer lays out the whole long form.
 */
const offscreenSkipped = (section: SectionDef) => ({ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight(section)}rem` }) as const;

/** A group not rendered yet (issue 19): keeps roughly its place so the page does not jump when it comes. */
export function SectionPlaceholder({ section }: { section: SectionDef }) {
  return <div aria-hidden="true" data-section-pending={section.code} style={{ minHeight: `${estimatedHeight(section)}rem` }} />;
}
