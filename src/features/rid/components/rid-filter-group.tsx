import type { FilterOption } from '../rid-rules';

/**
 * One filter toggle (source or status): options with their counts; pressed state is announced. Issue 19: plain buttons
 * and badges drawn by the theme's classes (app/hot-styles.ts, Chakra's button size "xs" and badge size "sm" recipes): a
 * toggle and its count are repeated for every option of both groups.
 */
export function RidFilterGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterOption<T>[];
  value: T | 'all';
  onChange: (value: T | 'all') => void;
}) {
  return (
    <div className="cab-line cab-filter-group" role="group" aria-label={label}>
      <p className="cab-sm cab-muted cab-filter-label">{label}:</p>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            className={pressed ? 'cab-button-xs cab-pill' : 'cab-button-xs-outline cab-pill cab-palette-gray'}
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
          >
            {option.label}
            <span className={`${pressed ? 'cab-badge-surface' : 'cab-badge-subtle'} cab-round`}>{option.count}</span>
          </button>
        );
      })}
    </div>
  );
}
