import { createFormControl, type FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fieldChanged } from './changed-fields';

/** A form as react-hook-form builds it; a field is typed into as an input does (registered anew, as on each render). */
function formWith(defaults: FieldValues) {
  const form = createFormControl({ defaultValues: defaults, mode: 'onChange' });
  Object.keys(defaults).forEach((name) => form.register(name));
  const type = async (name: string, value: string) => {
    await form.register(name).onChange({ type: 'change', target: { name, value } });
  };
  /** The names of the fields that count as changed, each listened to as a mounted field would. */
  const watch = () => {
    const fields = Object.keys(defaults).map((name) => ({ name, field: fieldChanged(form, name) }));
    const stops = fields.map(({ field }) => field.subscribe(() => undefined));
    return {
      names: () => fields.filter(({ field }) => field.changed()).map(({ name }) => name),
      stop: () => stops.forEach((stop) => stop()),
    };
  };
  return { form, type, watch };
}

describe('changed fields', () => {
  it('counts a field the user changed as changed, also once its value is back to the first one', async () => {
    const { form, type, watch } = formWith({ name: 'Ann', email: '' });
    const changed = watch();
    expect(changed.names()).toEqual([]);
    await type('email', 'a');
    await type('email', '');
    expect(form.getFieldState('email').isDirty).toBe(false);
    expect(changed.names()).toEqual(['email']);
    changed.stop();
  });

  it('does not count values set by the program', () => {
    const { form, watch } = formWith({ name: 'Ann' });
    const changed = watch();
    form.setValue('name', 'Bob');
    expect(changed.names()).toEqual([]);
    changed.stop();
  });

  it('starts afresh when the form is reset to new values', async () => {
    const { form, type, watch } = formWith({ oldPassword: '', newPassword: '' });
    const changed = watch();
    await type('newPassword', 'secret');
    expect(changed.names()).toEqual(['newPassword']);
    form.reset({ oldPassword: '', newPassword: '' });
    expect(changed.names()).toEqual([]);
    await type('oldPassword', 'x');
    expect(changed.names()).toEqual(['oldPassword']);
    changed.stop();
  });
});
