import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '@/lib/roles';
import { TITLE_TOOLTIP_THRESHOLD, usePageTitleValue } from '@/components/page-title';
import { LogoutIcon, MenuIcon } from '@/components/icons';
import { useOverflow } from '@/components/use-overflow';
import { tapToggleProps } from '@/components/tap-toggle';
import { releaseScreenSnapshot } from '@/lib/screen-snapshot-release';
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
  const shell = useRef<HTMLDivElement>(null);
  // The screen kept from the last visit (painted before the app ran) gives way once this one has drawn its content.
  useEffect(() => releaseScreenSnapshot(shell.current), []);
  const nav = <Navigation items={props.menuItems} counts={props.menuCounts} onNavigate={() => setDrawerOpen(false)} />;

  // Issue 19: plain elements drawn by the theme's classes (app/hot-styles.ts `shellStyles`), not Chakra components —
  // the shell is part of every signed-in screen's first render.
  return (
    <div ref={shell} className="cab-shell">
      <a href="#main" className="cab-skip-link">
        Перейти к содержимому
      </a>
      {/* Permanent menu on wide screens (SPEC §2, width 288 per §9). */}
      <nav aria-label="Главное меню" className="cab-side-nav">
        <Brand />
        {nav}
      </nav>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} brand={<Brand />}>
            {nav}
          </NavDrawer>
        </Suspense>
      )}

      <div className="cab-column">
        <header className="cab-header">
          <button
            type="button"
            aria-label="Открыть меню"
            className="cab-button-ghost cab-icon-button cab-menu-button"
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            onPointerEnter={() => void loadNavDrawer()}
          >
            <MenuIcon />
          </button>
          <PageTitle title={title} />
          <div className="cab-header-actions">
            {props.headerActions}
            <button
              type="button"
              // The visible initials are part of the name (WCAG 2.5.3 "label in name").
              aria-label={`Данные пользователя: ${props.fullName}, ${initials(props.fullName)}`}
              className="cab-button-ghost cab-icon-button cab-round"
              onClick={props.onAvatarClick}
              onPointerEnter={props.onAvatarIntent}
              onFocus={props.onAvatarIntent}
            >
              {/* Initials only (no photo): a plain element styled by the theme (app/hot-styles.ts), no avatar machine. */}
              <span className="cab-avatar" aria-hidden="true">
                {initials(props.fullName)}
              </span>
            </button>
            <button type="button" aria-label="Выйти" title="Выйти" className="cab-button-ghost cab-icon-button" onClick={props.onLogout}>
              <LogoutIcon />
            </button>
          </div>
        </header>
        {props.banner}
        <main id="main" className="cab-main" tabIndex={-1}>
          {props.children}
        </main>
        {props.showFooter && <Footer />}
      </div>
    </div>
  );
}

function Brand() {
  return (
    <div className="cab-brand">
      <p className="cab-brand-name">Грантовый портал</p>
      <p className="cab-brand-sub">Личный кабинет</p>
    </div>
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
    <h1 className="cab-page-title">
      <span
        ref={textRef}
        className={`${expanded ? 'cab-page-title-open' : 'cab-page-title-text'}${tappable ? ' cab-tappable' : ''}`}
        {...(tappable && tapToggleProps(expanded, () => setExpanded((v) => !v)))}
      >
        {title}
      </span>
    </h1>
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
    <ul className="cab-nav-list">
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
              <div className="cab-nav-item">
                <span>{item.label}</span>
                {count !== undefined && count > 0 && (
                  // Words a screen reader reads with the link: a label on a span is ignored by some of them.
                  <span className="cab-count cab-count-shape">
                    <span className="cab-sr-only">активных: </span>
                    {count}
                  </span>
                )}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
