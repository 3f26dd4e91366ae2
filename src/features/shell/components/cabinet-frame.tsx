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
          <svg className="boot-menu" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 6h18M3 12h18M3 18h18" />
          </svg>
        </div>
      </div>
    </div>
  );
}
