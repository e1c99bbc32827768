/*
 * The page's texts by key, in the few ways the app asks for them (lib/i18n.ts sets it up). It
 * replaces i18next, which was 15.7 KB of the first page's 157 KB of JavaScript (gzip) for what is
 * here (issue 36). Keys are flat (no key or namespace separator); a count picks `key_<plural form>`
 * by the language's own rules (`Intl.PluralRules`: `_one`, `_other`, French's `_many`…), else
 * `key`; `{{name}}` takes the option of that name, through `escape`; a missing text calls
 * `onMissing` and shows `missingText(key)`. No language falls back on another.
 */

export type Texts = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, options?: TOptions) => string;

export interface TranslatorOptions {
  lng: string;
  resources?: Record<string, { translation: Texts }>;
  /** Applied to every interpolated value (after String()); none when `escapeValue` is false. */
  interpolation?: { escapeValue?: boolean; escape?: (value: string) => string };
  missingKeyHandler?: (languages: readonly string[], namespace: string, key: string) => void;
  parseMissingKeyHandler?: (key: string) => string;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

export class Translator {
  language = '';
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly listeners = new Set<(language: string) => void>();
  private options: TranslatorOptions = { lng: '' };

  /** A translator of its own (tests), not the page's. */
  createInstance(): Translator {
    return new Translator();
  }

  async init(options: TranslatorOptions): Promise<TFunction> {
    this.options = options;
    for (const [language, { translation }] of Object.entries(options.resources ?? {})) this.addResourceBundle(language, 'translation', translation);
    this.language = options.lng;
    for (const listener of this.listeners) listener(this.language);
    return this.t;
  }

  /** Adds texts of a language; a key already there keeps its text unless `overwrite`. */
  addResourceBundle(language: string, _namespace: string, texts: Texts, _deep = true, overwrite = false): this {
    const known = this.textsOf(language);
    for (const [key, text] of Object.entries(texts)) if (typeof text === 'string' && (overwrite || !known.has(key))) known.set(key, text);
    return this;
  }

  addResource(language: string, _namespace: string, key: string, text: string): this {
    this.textsOf(language).set(key, text);
    return this;
  }

  /** Whether the page's language has a text for the key (a count: for its plural form). */
  exists = (key: string, options?: TOptions): boolean => this.find(this.language, key, options) !== undefined;

  t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A `t` of one language, the same function each time it is asked for. */
  getFixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  async changeLanguage(language: string): Promise<TFunction> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of this.listeners) listener(language);
    }
    return this.t;
  }

  /** Calls `listener` after each change of language; returns what stops it. */
  onLanguageChanged(listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private textsOf(language: string): Map<string, string> {
    let texts = this.texts.get(language);
    if (!texts) {
      texts = new Map();
      this.texts.set(language, texts);
    }
    return texts;
  }

  private pluralForm(language: string, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules.select(count);
  }

  private find(language: string, key: string, options?: TOptions): string | undefined {
    const texts = this.texts.get(language);
    if (!texts) return undefined;
    if (typeof options?.count === 'number') {
      const zero = options.count === 0 ? texts.get(`${key}_zero`) : undefined;
      const plural = zero ?? texts.get(`${key}_${this.pluralForm(language, options.count)}`);
      if (plural !== undefined) return plural;
    }
    return texts.get(key);
  }

  private translate(language: string, key: string, options?: TOptions): string {
    const text = this.find(language, key, options);
    if (text === undefined) {
      this.options.missingKeyHandler?.([language], 'translation', key);
      return this.options.parseMissingKeyHandler?.(key) ?? key;
    }
    if (!options || !text.includes('{{')) return text;
    const { escapeValue = true, escape } = this.options.interpolation ?? {};
    return text.replace(placeholder, (whole, name: string) => {
      const value = name.split('.').reduce<unknown>((from, part) => (from as Record<string, unknown> | null | undefined)?.[part], options);
      // A value not given leaves the placeholder, as i18next does.
      if (value === undefined || value === null) return whole;
      const shown =
        typeof value === 'string'
          ? value
          : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
            ? value.toString()
            : JSON.stringify(value);
      return escapeValue && escape ? escape(shown) : shown;
    });
  }
}

/** The page's translator. */
const translator = new Translator();
export default translator;
