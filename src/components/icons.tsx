import type { SVGProps } from 'react';

/** A handful of inline icons (24×24, currentColor) so the shell needs no icon library. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(path: string, displayName: string) {
  const Icon = ({ size = 20, ...props }: IconProps) => (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d={path} />
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const MenuIcon = make('M3 6h18M3 12h18M3 18h18', 'MenuIcon');
export const BellIcon = make('M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0', 'BellIcon');
export const LogoutIcon = make('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9', 'LogoutIcon');
export const BackIcon = make('M19 12H5M12 19l-7-7 7-7', 'BackIcon');
export const HelpIcon = make('M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01', 'HelpIcon');
export const FileIcon = make('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6', 'FileIcon');
export const DownloadIcon = make('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3', 'DownloadIcon');
export const CheckIcon = make('M20 6 9 17l-5-5', 'CheckIcon');
export const PenIcon = make('M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z', 'PenIcon');
export const CloseIcon = make('M18 6 6 18M6 6l12 12', 'CloseIcon');
export const ChevronDownIcon = make('m6 9 6 6 6-6', 'ChevronDownIcon');
export const SearchIcon = make('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35', 'SearchIcon');
export const GroupsIcon = make('M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6', 'GroupsIcon');
export const RefreshIcon = make('M21 12a9 9 0 1 1-2.64-6.36M21 3v6h-6', 'RefreshIcon');
