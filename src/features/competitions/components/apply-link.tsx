import { Badge, Button, Dialog, HStack, Link as ChakraLink, Spinner, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { CenteredDialog } from '@/components/centered-dialog';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatMoscowIso } from '@/lib/moscow-time';
import { myApplicationsQuery, myDraftsQuery } from '../api/queries';

interface Props extends Omit<ButtonProps, 'asChild' | 'onClick'> {
  code1C: string;
  userId: number;
}

/**
 * "Подать заявку" (SPEC §2). When the user already has applications to this competition, they are offered first —
 * with their status and a link that opens each — and a new application is a separate, explicit choice.
 */
export function ApplyLink({ code1C, userId, ...buttonProps }: Props) {
  const [open, setOpen] = useState(false);
  const mine = useQuery(myApplicationsQuery(code1C, userId));
  const drafts = useQuery(myDraftsQuery(code1C));
  const navigate = useNavigate();
  const startNew = () => void navigate({ to: '/programs/create/$code1C', params: { code1C } });
  // Drafts only add the time of the last save: when they cannot be read, the applications are offered without it.
  const draftsDone = drafts.isSuccess || drafts.isError;
  const draftList = drafts.data ?? [];
  const newDraft = draftList.find((n) => n.pointId == null);
  const savedAtOf = (pointId: number) => draftList.find((n) => n.pointId === pointId)?.savedAt;
  const ready = mine.isSuccess && draftsDone;
  const nothingToContinue = ready && mine.data.length === 0 && !newDraft;

  // Asked before the list had come: with nothing to continue, the form opens as if there had been no question.
  useEffect(() => {
    if (!open || !nothingToContinue) return;
    setOpen(false);
    void navigate({ to: '/programs/create/$code1C', params: { code1C } });
  }, [open, nothingToContinue, navigate, code1C]);

  return (
    <>
      <Button asChild rounded="pill" {...buttonProps}>
        <Link
          to="/programs/create/$code1C"
          params={{ code1C }}
          aria-haspopup="dialog"
          onClick={(e) => {
            // A failed look-up never stands in the way of applying.
            if (mine.isError || nothingToContinue) return;
            e.preventDefault();
            setOpen(true);
          }}
        >
          Подать заявку
        </Link>
      </Button>
      <CenteredDialog open={open} onClose={() => setOpen(false)} maxW="lg" scrollInside>
        <Dialog.Header>
          <Dialog.Title>У вас уже есть заявки на этот конкурс</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {!ready ? (
            <HStack justify="center" py="4">
              <Spinner color="brand.solid" role="status" aria-label="Загрузка заявок" />
            </HStack>
          ) : (
            <Stack gap="3">
              <Text>Продолжите начатую заявку или начните новую.</Text>
              <Stack as="ul" gap="2" listStyleType="none">
                {newDraft && (
                  <Stack as="li" gap="1" borderWidth="1px" borderColor="border" rounded="lg" p="3">
                    <ChakraLink asChild color="brand.fg" fontWeight="semibold" overflowWrap="anywhere">
                      <Link to="/programs/create/$code1C" params={{ code1C }}>{`Черновик "${newDraft.name}"`}</Link>
                    </ChakraLink>
                    <SavedAt value={newDraft.savedAt} />
                  </Stack>
                )}
                {mine.data.map((point) => (
                  <Stack as="li" key={point.id} gap="1" borderWidth="1px" borderColor="border" rounded="lg" p="3">
                    <ChakraLink asChild color="brand.fg" fontWeight="semibold" overflowWrap="anywhere">
                      <Link to="/tasks/$id" params={{ id: String(point.id) }}>
                        {point.name}
                      </Link>
                    </ChakraLink>
                    <HStack gap="3" wrap="wrap">
                      <Text fontSize="xs" color="fg.muted">
                        ID: {point.id}
                      </Text>
                      <Badge variant="subtle" colorPalette={point.canEdit ? 'orange' : 'gray'} whiteSpace="normal">
                        {point.status.name}
                      </Badge>
                    </HStack>
                    <SavedAt value={savedAtOf(point.id)} />
                  </Stack>
                ))}
              </Stack>
            </Stack>
          )}
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Отмена
          </Button>
          <Button colorPalette="brand" onClick={startNew}>
            Начать новую заявку
          </Button>
        </Dialog.Footer>
      </CenteredDialog>
    </>
  );
}

/** The time of the draft's last save, in Moscow time (SPEC §9). */
function SavedAt({ value }: { value: string | null | undefined }) {
  const at = formatMoscowIso(value);
  if (!at) return null;
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="draft-saved-at">
      Черновик сохранён {at} МСК
    </Text>
  );
}
