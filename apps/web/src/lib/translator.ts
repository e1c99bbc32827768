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
  language: string;
  /** Texts by language, known from the start. */
  texts?: Record<string, Texts>;
  /** Applied to every interpolated value (after String()). */
  escape?: (value: string) => string;
  onMissing?: (language: string, key: string) => void;
  missingText?: (key: string) => string;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

export class Translator {
  language = '';
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly listeners = new Set<(language: string) => void>();
  private options: TranslatorOptions = { language: '' };

  init(options: TranslatorOptions): void {
    this.options = options;
    for (const [language, texts] of Object.entries(options.texts ?? {})) this.addTexts(language, texts);
    this.language = options.language;
    for (const listener of this.listeners) listener(this.language);
  }

  /** Adds texts of a language (string values only); a key already there keeps its text. */
  addTexts(language: string, texts: Texts): void {
    const known = this.textsOf(language);
    for (const [key, text] of Object.entries(texts)) if (typeof text === 'string' && !known.has(key)) known.set(key, text);
  }

  /** Sets one text (tests). */
  addText(language: string, key: string, text: string): void {
    this.textsOf(language).set(key, text);
  }

  /** Whether the page's language has a text for the key. */
  exists = (key: string): boolean => this.find(this.language, key) !== undefined;

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

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener(language);
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
      this.options.onMissing?.(language, key);
      return this.options.missingText?.(key) ?? key;
    }
    if (!options || !text.includes('{{')) return text;
    const { escape } = this.options;
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
      return escape ? escape(shown) : shown;
    });
  }
}

/** The page's translator. */
const translator = new Translator();
export default translator;
