/*
 * When the session ends while a form is open, what the user typed survives the trip to the sign-in
 * page: it is kept in sessionStorage for the same page and put back once the form shows again.
 * Passwords, hidden and file fields are never kept.
 */

const storageKey = 'registrar-panel.form-draft';
const restoreWithinMs = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Draft {
  path: string;
  fields: { key: string; value: string; checked?: boolean }[];
}

function keyOf(field: Field): string | undefined {
  return field.name || field.id || undefined;
}

function keptFields(): Field[] {
  return [...document.querySelectorAll<Field>('form input, form textarea, form select')].filter((field) => {
    if (!keyOf(field) || field.disabled) return false;
    return !(field instanceof HTMLInputElement && ['password', 'hidden', 'file', 'submit', 'button'].includes(field.type));
  });
}

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Keeps the open forms' values of this page before leaving to sign in. */
export function saveFormDraft(): void {
  const fields = keptFields().map((field) => ({
    key: keyOf(field) ?? '',
    value: field.value,
    ...(field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') ? { checked: field.checked } : {}),
  }));
  if (fields.length === 0) return;
  sessionStorage.setItem(storageKey, JSON.stringify({ path: currentPath(), fields } satisfies Draft));
}

/** Sets a value the way typing does, so that React and react-hook-form see it. */
function setValue(field: Field, value: string, checked: boolean | undefined): void {
  if (field instanceof HTMLInputElement && checked !== undefined) {
    if (field.checked !== checked) field.click();
    return;
  }
  // The prototype's setter, not the element's own: React watches the latter and would miss the change.
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value');
  descriptor?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function apply(draft: Draft): boolean {
  const fields = keptFields();
  if (fields.length === 0) return false;
  for (const saved of draft.fields) {
    const field = fields.find((candidate) => keyOf(candidate) === saved.key);
    if (field) setValue(field, saved.value, saved.checked);
  }
  return true;
}

/**
 * Puts a kept draft back once the page's form is rendered (the form loads its data first, so
 * this waits up to 10 seconds for it). A draft of another page is dropped.
 */
export function restoreFormDraft(): void {
  const stored = sessionStorage.getItem(storageKey);
  if (!stored) return;
  sessionStorage.removeItem(storageKey);
  let draft: Draft;
  try {
    draft = JSON.parse(stored) as Draft;
  } catch {
    return;
  }
  if (draft.path !== currentPath()) return;
  // Fill after the form has settled with its loaded values, so ours are not overwritten.
  const started = Date.now();
  const attempt = () => {
    if (Date.now() - started > restoreWithinMs) return;
    if (keptFields().length > 0) {
      window.setTimeout(() => apply(draft), 300);
      return;
    }
    window.setTimeout(attempt, 100);
  };
  attempt();
}
