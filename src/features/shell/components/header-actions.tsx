import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { HelpIcon } from '@/components/icons';

/** "Задать вопрос" in the header (SPEC §2 shell): a text button on wide screens, an icon on phones. */
export function AskQuestionButton(props: { onClick: () => void; onPointerEnter?: () => void }) {
  return (
    <Button
      variant={{ base: 'ghost', md: 'outline' }}
      size={{ base: 'md', md: 'sm' }}
      px={{ base: '0', md: '3' }}
      minW={{ base: '10', md: 'auto' }}
      borderRadius="pill"
      aria-label="Задать вопрос"
      onClick={props.onClick}
      onPointerEnter={props.onPointerEnter}
      onFocus={props.onPointerEnter}
    >
      <HelpIcon />
      <Box as="span" display={{ base: 'none', md: 'inline' }}>
        Задать вопрос
      </Box>
    </Button>
  );
}

/**
 * Shown while an administrator works as another user (SPEC §6 "log in as"): who they are now and the way back
 * to their own session.
 */
export function ImpersonationBar(props: { fullName: string; onReturn: () => void; returning?: boolean }) {
  return (
    <Flex
      role="region"
      aria-label="Вход от имени пользователя"
      bg="purple.subtle"
      color="purple.fg"
      px={{ base: '3', md: '6' }}
      py="2"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
      borderBottomWidth="1px"
    >
      <Text fontSize="sm">
        Вы работаете от имени пользователя <strong>{props.fullName}</strong>
      </Text>
      <Button size="xs" colorPalette="purple" onClick={props.onReturn} loading={props.returning}>
        Вернуться к своей учётной записи
      </Button>
    </Flex>
  );
}
