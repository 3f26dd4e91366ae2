/** SPEC §2: three PDF documents and a copyright line with the current year. */
export const FOOTER_DOCUMENTS = [
  { href: '/docs/user-agreement.pdf', label: 'Пользовательское соглашение' },
  { href: '/docs/privacy-policy.pdf', label: 'Политика конфиденциальности' },
  { href: '/docs/user-guide.pdf', label: 'Руководство пользователя' },
] as const;

/** Issue 19: plain elements drawn by the theme's classes (app/hot-styles.ts `shellStyles`): it is on every screen. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="cab-footer">
      <div className="cab-footer-links">
        {FOOTER_DOCUMENTS.map((doc) => (
          <a key={doc.href} href={doc.href} target="_blank" rel="noopener" className="cab-link cab-brand-link">
            {doc.label} (PDF)
          </a>
        ))}
      </div>
      <p className="cab-footer-note">© {year} Грантовый портал. Все права защищены.</p>
    </footer>
  );
}
