interface ImportMetaEnv {
  /** `on` in the build the end-to-end tests make: the pseudo-language `en-XA` is offered (lib/language-choice.ts). */
  readonly VITE_PSEUDO_LANGUAGE?: string;
}
