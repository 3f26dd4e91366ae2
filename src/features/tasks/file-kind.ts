/** SPEC §2 "attached files with an icon by extension": the icon colour and label per file kind. */
export interface FileKind {
  label: string;
  palette: string;
}

const KINDS: [string[], FileKind][] = [
  [['pdf'], { label: 'PDF', palette: 'red' }],
  [['doc', 'docx', 'odt', 'rtf'], { label: 'DOC', palette: 'blue' }],
  [['xls', 'xlsx', 'ods', 'csv'], { label: 'XLS', palette: 'green' }],
  [['xml'], { label: 'XML', palette: 'orange' }],
  [['zip', 'rar', '7z'], { label: 'ZIP', palette: 'purple' }],
  [['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'], { label: 'IMG', palette: 'teal' }],
  [['sig', 'p7s'], { label: 'SIG', palette: 'cyan' }],
];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(name: string): FileKind {
  const ext = extensionOf(name);
  for (const [exts, kind] of KINDS) if (exts.includes(ext)) return kind;
  return { label: ext ? ext.slice(0, 4).toUpperCase() : 'FILE', palette: 'gray' };
}
