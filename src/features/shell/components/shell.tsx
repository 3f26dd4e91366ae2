import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Box, Flex, HStack, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '@/lib/roles';
import { TITLE_TOOLTIP_THRESHOLD, usePageTitleValue } from '@/components/page-title';
import { LogoutIcon, MenuIcon } from '@/components/icons';
import { DRAWER_WIDTH } from '@/lib/limits';
import { useOverflow } from '@/components/use-overflow';
import { tapToggleProps } from '@/components/tap-toggle';
import { Footer } from './footer';

const loadNavDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(loadNavDrawer);
const TitleTooltip = lazy(() => import('./title-tooltip'));

export interface ShellProps {
  fullName: string;
  menuItems: readonly MenuItem[];
  /** Counts shown beside menu items (SPEC §2: "Мои задачи" shows the count of active points). */
  menuCounts?: Partial<Record<MenuItem['number'], number>>;
  banner?: ReactNode;
  headerActions?: ReactNode;
  onAvatarClick?: () => void;
  /** Pointer or focus on the avatar: a chance to fetch the drawer's code before the click. */
  onAvatarIntent?: () => void;
  onLogout: () => void;
  showFooter: boolean;
  children: ReactNode;
}

export function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? [parts[0]![0], parts[1]![0]] : parts.length === 1 ? [parts[0]![0], parts[0]![1]] : [];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

export function Shell(props: ShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The phone menu's code is fetched on the first opening (the shell is on every page).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const title = usePageTitleValue();
  const nav = <Navigation items={props.menuItems} counts={props.menuCounts} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Flex minH="100dvh">
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '2', top: '2', zIndex: 'max', bg: 'bg', p: '2', borderRadius: 'md' }}
      >
        Перейти к содержимому
      </chakra.a>
      {/* Permanent menu on wide screens (SPEC §2, width 288 per §9). */}
      <Box
        as="nav"
        aria-label="Главное меню"
        display={{ base: 'none', lg: 'block' }}
        w={`${DRAWER_WIDTH}px`}
        flexShrink={0}
        bg="bg"
        borderRightWidth="1px"
        position="sticky"
        top="0"
        h="100dvh"
        overflowY="auto"
      >
        <Brand />
        {nav}
      </Box>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} brand={<Brand />}>
            {nav}
          </NavDrawer>
        </Suspense>
      )}

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap={{ base: '1', md: '3' }}
          px={{ base: '2', md: '6' }}
          minH="16"
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="docked"
        >
          <IconButton
            aria-label="Открыть меню"
            variant="ghost"
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            onPointerEnter={() => void loadNavDrawer()}
          >
            <MenuIcon />
          </IconButton>
          <PageTitle title={title} />
          <HStack gap="1" flexShrink={0}>
            {props.headerActions}
            <IconButton
              // The visible initials are part of the name (WCAG 2.5.3 "label in name").
              aria-label={`Данные пользователя: ${props.fullName}, ${initials(props.fullName)}`}
              variant="ghost"
              rounded="full"
              onClick={props.onAvatarClick}
              onPointerEnter={props.onAvatarIntent}
              onFocus={props.onAvatarIntent}
            >
              {/* Initials only (no photo): a plain element styled by the theme (app/hot-styles.ts), no avatar machine. */}
              <span className="cab-avatar" aria-hidden="true">
                {initials(props.fullName)}
              </span>
            </IconButton>
            <IconButton aria-label="Выйти" title="Выйти" variant="ghost" onClick={props.onLogout}>
              <LogoutIcon />
            </IconButton>
          </HStack>
        </Flex>
        {props.banner}
        <Box as="main" id="main" flex="1" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} minW="0" tabIndex={-1} outline="none">
          {props.children}
        </Box>
        {props.showFooter && <Footer />}
      </Flex>
    </Flex>
  );
}

function Brand() {
  return (
    <Box px="5" py="4" borderBottomWidth="1px">
      <Text fontWeight="bold" color="brand.fg" fontSize="lg" lineHeight="short">
        Грантовый портал
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Личный кабинет
      </Text>
    </Box>
  );
}

/**
 * SPEC §2/§9: a tooltip with the full title when it is longer than 88 characters (its code loads only then). On a phone
 * the title takes two lines; a cut title opens in full on a tap (a finger cannot hover) and closes on the next.
 */
function PageTitle({ title }: { title: string }) {
  const [expanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLSpanElement>(null);
  const overflows = useOverflow(textRef, [title, expanded]);
  useEffect(() => setExpanded(false), [title]);
  const tappable = expanded || overflows || title.length > TITLE_TOOLTIP_THRESHOLD;
  const heading = (
    <Text as="h1" fontSize={{ base: 'md', md: 'xl' }} fontWeight="semibold" lineHeight="short" flex="1" minW="0">
      <chakra.span
        ref={textRef}
        display="block"
        overflowWrap="break-word"
        lineClamp={expanded ? undefined : { base: 2, md: 1 }}
        {...(tappable && tapToggleProps(expanded, () => setExpanded((v) => !v)))}
      >
        {title}
      </chakra.span>
    </Text>
  );
  if (title.length <= TITLE_TOOLTIP_THRESHOLD) return heading;
  return (
    <Suspense fallback={heading}>
      <TitleTooltip title={title}>{heading}</TitleTooltip>
    </Suspense>
  );
}

function Navigation(props: { items: readonly MenuItem[]; counts: ShellProps['menuCounts']; onNavigate: () => void }) {
  return (
    <Stack as="ul" listStyleType="none" gap="1" p="3" m="0">
      {props.items.map((item) => {
        const count = props.counts?.[item.number];
        return (
          <li key={item.number}>
            <Link
              to={item.path}
              onClick={props.onNavigate}
              activeOptions={{ exact: false }}
              activeProps={{ 'aria-current': 'page', 'data-active': '' }}
              style={{ display: 'block' }}
            >
              <Flex
                align="center"
                justify="space-between"
                px="3"
                py="2.5"
                borderRadius="md"
                color="fg"
                _hover={{ bg: 'brand.subtle' }}
                css={{ '[data-active] > &': { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' } }}
              >
                <span>{item.label}</span>
                {count !== undefined && count > 0 && (
                  <Badge colorPalette="brand" variant="solid" borderRadius="full" aria-label={`активных: ${count}`}>
                    {count}
                  </Badge>
                )}
              </Flex>
            </Link>
          </li>
        );
      })}
    </Stack>
  );
}
