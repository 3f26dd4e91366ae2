import { Button, Flex, Text } from '@chakra-ui/react';
import { HelpIcon } from '@/components/icons';

/** "Задать вопрос" in the header (SPEC §2 shell): a text button on wide screens, an icon on phones. */
export function AskQuestionButton(props: { onClick: () => void; onPointerEnter?: () => void }) {
  // Issue 19: a plain button drawn by the theme's classes (app/hot-styles.ts): it is in every screen's header.
  return (
    <button
      type="button"
      className="cab-ask-button cab-ask-shape"
      aria-label="Задать вопрос"
      onClick={props.onClick}
      onPointerEnter={props.onPointerEnter}
      onFocus={props.onPointerEnter}
    >
      <HelpIcon />
      <span className="cab-wide-only">Задать вопрос</span>
    </button>
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
