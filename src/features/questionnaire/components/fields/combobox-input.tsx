import { Combobox, Portal, useListCollection } from '@chakra-ui/react';
import { createFilter } from '@zag-js/i18n-utils';
import { optionValue } from '../../model/definition';
import { str, type InputProps } from './inputs';

/**
 * What a typed text matches: Ark's `useFilter` (zag's filter: a collator for searching, case and accents ignored) with
 * the app's locale, made when a person first types into a list rather than when a form with a list is drawn. The
 * first `Intl.Collator` of a page loads ICU's collation data: ~56 ms at CPU 4× inside START-2026's first render
 * (Issue 19), the hook making it for every list on mount.
 */
let search: ReturnType<typeof createFilter> | undefined;
export const matchesTyped = (text: string, typed: string) => (search ??= createFilter({ locale: 'ru-RU', sensitivity: 'base' })).contains(text, typed);
/** Whether the collator has been made yet (for the test of the rule above). */
export const searchCollatorMade = () => search !== undefined;

// Issue 19: the searchable list and its positioning code (~16 KiB gzip) load only for a form that has such a field.
// Its options are in the page only while the list is open (`lazyMount` + `unmountOnExit`): a closed field had all its
// options in a hidden portal, and on mount the combobox machine set that hidden list's `scrollTop`, a forced layout of
// the whole form (35 ms of a 112 ms task at full speed on START-2026's first screen).
/** A searchable list (Chakra Combobox): the stored value is the chosen option. */
export function ComboboxInput({ field, value, readOnly, invalid, onChange, onBlur }: InputProps) {
  const { collection, filter } = useListCollection({
    initialItems: field.options.map((o) => ({ label: o.name, value: optionValue(o), disabled: o.disable === 'Y' })),
    filter: matchesTyped,
  });
  const current = str(value);
  return (
    <Combobox.Root
      collection={collection}
      value={current ? [current] : []}
      inputBehavior="autohighlight"
      openOnClick
      readOnly={readOnly}
      invalid={invalid}
      onInputValueChange={(e) => filter(e.inputValue)}
      onValueChange={(e) => onChange(e.value[0] ?? '')}
      onInteractOutside={onBlur}
      positioning={{ sameWidth: true }}
      lazyMount
      unmountOnExit
    >
      <Combobox.Control>
        <Combobox.Input placeholder="Начните вводить" bg={readOnly ? 'bg.muted' : 'bg'} />
        <Combobox.IndicatorGroup>
          {/* WCAG 2.5.8: tap targets of at least 24 × 24 px (the recipe draws them 16 × 16). */}
          {!readOnly && <Combobox.ClearTrigger aria-label="Очистить" minW="6" minH="6" />}
          <Combobox.Trigger aria-label="Открыть список" minW="6" minH="6" />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>Ничего не найдено</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.value}>
                {item.label}
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
