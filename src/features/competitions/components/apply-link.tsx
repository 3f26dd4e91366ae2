import { Badge, Button, Dialog, HStack, Link as ChakraLink, Portal, Spinner, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { myApplicationsQuery } from '../api/queries';

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
  const navigate = useNavigate();
  const startNew = () => void navigate({ to: '/programs/create/$code1C', params: { code1C } });
  const nothingToContinue = mine.isSuccess && mine.data.length === 0;

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
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content maxW="lg" w="full">
              <Dialog.Header>
                <Dialog.Title>У вас уже есть заявки на этот конкурс</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {!mine.isSuccess ? (
                  <HStack justify="center" py="4">
                    <Spinner color="brand.solid" role="status" aria-label="Загрузка заявок" />
                  </HStack>
                ) : (
                  <Stack gap="3">
                    <Text>Продолжите начатую заявку или начните новую.</Text>
                    <Stack as="ul" gap="2" listStyleType="none">
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
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
