import { MenuIcon } from '@/components/icons';

/**
 * The service message's banner boot.js drew into the frame index.html painted (scripts/boot-preload.mjs BANNER),
 * taken over once: that frame is gone when this one is drawn, and the banner stays in its place until the shell's own.
 */
function keepBootBanner(main: HTMLDivElement | null) {
  const boot = (window as { __cabinetBoot?: { banner?: HTMLElement } }).__cabinetBoot;
  if (!main || !boot?.banner) return;
  main.appendChild(boot.banner);
  boot.banner = undefined;
}

/**
 * The cabinet's frame while its first render runs in the background (components/deferred-mount.tsx): the same boxes
 * as the frame index.html paints before any script (classes of its inline style sheet) and as the rendered shell, so
 * nothing moves when the shell replaces it.
 */
export function CabinetFrame() {
  return (
    <div className="boot-cabinet" style={{ display: 'flex', minHeight: '100dvh' }} aria-busy="true">
      <div className="boot-nav">
        <div>
          <p className="boot-brand">Грантовый портал</p>
          <p className="boot-muted">Личный кабинет</p>
        </div>
      </div>
      <div className="boot-main" ref={keepBootBanner}>
        <div className="boot-header">
          <MenuIcon className="boot-menu" />
        </div>
      </div>
    </div>
  );
}
