import { MenuIcon } from '@/components/icons';

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
      <div className="boot-main">
        <div className="boot-header">
          <MenuIcon className="boot-menu" />
        </div>
      </div>
    </div>
  );
}
