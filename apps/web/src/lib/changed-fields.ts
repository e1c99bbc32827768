import { useSyncExternalStore } from 'react';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';

/*
 * Spec section 5: "errors show only once a field is dirty". react-hook-form's `isDirty` compares a
 * field with its default, so a field typed into and emptied again counts as pristine: its message
 * went away while Update stayed disabled, with nothing to say why. Here a field the user has changed
 * stays changed until the form is reset to new values (a new search, a saved password).
 */

interface ChangedFields {
  names: ReadonlySet<string>;
  /** The defaults the names were collected against: a reset to new values gives new defaults. */
  defaults: unknown;
  listeners: Set<() => void>;
  unsubscribe: (() => void) | null;
}

type AnyForm = Pick<UseFormReturn<FieldValues>, 'subscribe'> & { control: Control<FieldValues, unknown, FieldValues> };

const stores = new WeakMap<object, ChangedFields>();

function storeOf(form: AnyForm): ChangedFields {
  let store = stores.get(form.control);
  if (!store) {
    store = { names: new Set(), defaults: form.control._defaultValues, listeners: new Set(), unsubscribe: null };
    stores.set(form.control, store);
  }
  return store;
}

function listen(form: AnyForm, store: ChangedFields, listener: () => void): () => void {
  store.listeners.add(listener);
  store.unsubscribe ??= form.subscribe({
    formState: { values: true },
    callback: ({ name, type, defaultValues }) => {
      let names = store.names;
      if (defaultValues !== store.defaults) {
        store.defaults = defaultValues;
        names = new Set();
      }
      // `type` is the DOM event's: set only when the user typed, chose or ticked, not by setValue or reset.
      if (type === 'change' && name && !names.has(name)) names = new Set([...names, name]);
      if (names !== store.names) {
        store.names = names;
        store.listeners.forEach((notify) => notify());
      }
    },
  });
  return () => {
    store.listeners.delete(listener);
    if (store.listeners.size === 0) {
      store.unsubscribe?.();
      store.unsubscribe = null;
    }
  };
}

type FieldForm = AnyForm & Pick<UseFormReturn<FieldValues>, 'getFieldState'>;

/**
 * Whether the user has changed the field since the form got its current defaults, even back to its
 * first value, as an external store: `subscribe` to hear of changes, `changed` to read it.
 */
export function fieldChanged(form: FieldForm, name: string): { subscribe: (listener: () => void) => () => void; changed: () => boolean } {
  const store = storeOf(form);
  return {
    subscribe: (listener) => listen(form, store, listener),
    changed: () => store.names.has(name) || form.getFieldState(name).isDirty,
  };
}

/** Whether the user has changed the field since the form got its current defaults, even back to its first value. */
export function useFieldChanged<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: string): boolean {
  const field = fieldChanged(form as unknown as FieldForm, name);
  return useSyncExternalStore(field.subscribe, field.changed);
}
