import { Combobox, Portal, useFilter, useListCollection } from '@chakra-ui/react';
import { optionValue } from '../../model/definition';
import { str, type InputProps } from './inputs';

// Issue 19: the searchable list and its positioning code (~16 KiB gzip) load only for a form that has such a field.
// Its options are in the page only while the list is open (`lazyMount` + `unmountOnExit`): a closed field had all its
// options in a hidden portal, and on mount the combobox machine set that hidden list's `scrollTop`, a forced layout of
// the whole form (35 ms of a 112 ms task at full speed on START-2026's first screen).
/** A searchable list (Chakra Combobox): the stored value is the chosen option. */
export function ComboboxInput({ field, value, readOnly, invalid, onChange, onBlur }: InputProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({
    initialItems: field.options.map((o) => ({ label: o.name, value: optionValue(o), disabled: o.disable === 'Y' })),
    filter: contains,
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
          {!readOnly && <Combobox.ClearTrigger aria-label="Очистить" />}
          <Combobox.Trigger aria-label="Открыть список" />
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
