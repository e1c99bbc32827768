/*
 * The identity service's stylesheet: what its pages use of Bootstrap 5.3 (same values: colours,
 * spacing, the form control, the primary button, cards, alerts, the badge) and their own rules, so
 * that they look like the portal without loading the whole of Bootstrap (30 KB gzip) for a sign-in
 * form. A class a page starts using is added here (its Bootstrap rule, in bootstrap/dist/css/).
 */
const bootstrapSubset = `
:root {
  --bs-primary: #0d6efd;
  --bs-body-color: #212529;
  --bs-secondary-color: rgba(33, 37, 41, 0.75);
  --bs-border-color: #dee2e6;
  --bs-link-color: #0a58ca;
  --bs-link-hover-color: #084298;
  --bs-font-monospace: SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace;
}
*, ::before, ::after { box-sizing: border-box; }
body {
  margin: 0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif;
  font-size: 1rem;
  font-weight: 400;
  line-height: 1.5;
  color: var(--bs-body-color);
  -webkit-text-size-adjust: 100%;
}
h1, h2, .h4, .h6 { margin-top: 0; margin-bottom: 0.5rem; font-weight: 500; line-height: 1.2; }
.h4 { font-size: calc(1.275rem + 0.3vw); }
@media (min-width: 1200px) { .h4 { font-size: 1.5rem; } }
.h6 { font-size: 1rem; }
p { margin-top: 0; margin-bottom: 1rem; }
strong { font-weight: bolder; }
.small, small { font-size: 0.875em; }
a { color: var(--bs-link-color); text-decoration: underline; }
a:hover { color: var(--bs-link-hover-color); }
pre { display: block; margin-top: 0; margin-bottom: 1rem; overflow: auto; font-family: var(--bs-font-monospace); font-size: 0.875em; }
img, svg { vertical-align: middle; }
label { display: inline-block; }
input, button { margin: 0; font-family: inherit; font-size: inherit; line-height: inherit; }
button { text-transform: none; }
[type="submit"], button { -webkit-appearance: button; }
[type="submit"]:not(:disabled), button:not(:disabled) { cursor: pointer; }

.container { width: 100%; padding-right: 0.75rem; padding-left: 0.75rem; margin-right: auto; margin-left: auto; }
@media (min-width: 576px) { .container { max-width: 540px; } }
@media (min-width: 768px) { .container { max-width: 720px; } }
@media (min-width: 992px) { .container { max-width: 960px; } }
@media (min-width: 1200px) { .container { max-width: 1140px; } }
@media (min-width: 1400px) { .container { max-width: 1320px; } }

.navbar { position: relative; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; padding: 0.5rem 0; }
.navbar-brand { padding-top: 0.3125rem; padding-bottom: 0.3125rem; margin-right: 1rem; font-size: 1.25rem; color: #fff; white-space: nowrap; }

.card { position: relative; display: flex; flex-direction: column; min-width: 0; word-wrap: break-word; background-color: #fff; border: 1px solid rgba(0, 0, 0, 0.175); border-radius: 0.375rem; }
.card-body { flex: 1 1 auto; padding: 1rem; }

.form-label { margin-bottom: 0.5rem; }
.form-control {
  display: block;
  width: 100%;
  padding: 0.375rem 0.75rem;
  font-size: 1rem;
  font-weight: 400;
  line-height: 1.5;
  color: var(--bs-body-color);
  appearance: none;
  background-color: #fff;
  background-clip: padding-box;
  border: 1px solid var(--bs-border-color);
  border-radius: 0.375rem;
  transition: border-color 0.15s ease-in-out, box-shadow 0.15s ease-in-out;
}
.form-control:focus { color: var(--bs-body-color); background-color: #fff; border-color: #86b7fe; outline: 0; box-shadow: 0 0 0 0.25rem rgba(13, 110, 253, 0.25); }

.btn {
  display: inline-block;
  padding: 0.375rem 0.75rem;
  font-size: 1rem;
  font-weight: 400;
  line-height: 1.5;
  color: var(--bs-body-color);
  text-align: center;
  text-decoration: none;
  vertical-align: middle;
  user-select: none;
  border: 1px solid transparent;
  border-radius: 0.375rem;
  background-color: transparent;
  transition: color 0.15s ease-in-out, background-color 0.15s ease-in-out, border-color 0.15s ease-in-out, box-shadow 0.15s ease-in-out;
}
.btn-primary { color: #fff; background-color: #0d6efd; border-color: #0d6efd; }
.btn-primary:hover { color: #fff; background-color: #0b5ed7; border-color: #0a58ca; }
.btn-primary:focus-visible { color: #fff; background-color: #0b5ed7; border-color: #0a58ca; outline: 0; box-shadow: 0 0 0 0.25rem rgba(49, 132, 253, 0.5); }
.btn-primary:active { color: #fff; background-color: #0a58ca; border-color: #0a53be; }
.btn:disabled { pointer-events: none; opacity: 0.65; }
@media (prefers-reduced-motion: reduce) { .form-control, .btn { transition: none; } }

.alert { position: relative; padding: 1rem; margin-bottom: 1rem; border: 1px solid transparent; border-radius: 0.375rem; }
.alert-danger { color: #58151c; background-color: #f8d7da; border-color: #f1aeb5; }
.alert-info { color: #055160; background-color: #cff4fc; border-color: #9eeaf9; }

.badge { display: inline-block; padding: 0.35em 0.65em; font-size: 0.75em; font-weight: 700; line-height: 1; text-align: center; white-space: nowrap; vertical-align: baseline; border-radius: 0.375rem; }
.text-bg-warning { color: #000; background-color: #ffc107; }
.rounded-pill { border-radius: 50rem; }

.d-none { display: none; }
.d-flex { display: flex; }
.align-items-center { align-items: center; }
.gap-2 { gap: 0.5rem; }
.w-100 { width: 100%; }
.mx-auto { margin-right: auto; margin-left: auto; }
.mt-3 { margin-top: 1rem; }
.mb-0 { margin-bottom: 0; }
.mb-1 { margin-bottom: 0.25rem; }
.mb-2 { margin-bottom: 0.5rem; }
.mb-3 { margin-bottom: 1rem; }
.mb-4 { margin-bottom: 1.5rem; }
.p-3 { padding: 1rem; }
.p-4 { padding: 1.5rem; }
.px-3 { padding-right: 1rem; padding-left: 1rem; }
.border { border: 1px solid var(--bs-border-color); }
.rounded { border-radius: 0.375rem; }
.shadow-sm { box-shadow: 0 0.125rem 0.25rem rgba(0, 0, 0, 0.075); }
.text-center { text-align: center; }
.text-wrap { white-space: normal; }
.text-body-secondary { color: var(--bs-secondary-color); }
`;

/** The pages' own rules, on top. */
const identityRules = `
.identity-page { background: #f2f5f9; min-height: 100vh; }
.identity-header { min-height: 3.75rem; background-color: #0f2747; border-bottom: 3px solid var(--bs-primary); }
.identity-header .navbar-brand { font-weight: 600; letter-spacing: 0.01em; }
.identity-demo-badge { font-size: 0.75rem; }
.identity-header { flex-wrap: wrap; gap: 0.25rem 1rem; }
.identity-languages { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; font-size: 0.875rem; }
.identity-language { color: #fff; padding: 0.25rem 0; }
a.identity-language { color: #cfe2ff; text-decoration: underline; text-underline-offset: 0.2em; }
a.identity-language:hover, a.identity-language:focus-visible { color: #fff; }
.identity-language[aria-current] { font-weight: 600; }
.identity-brand-mark { display: inline-flex; align-items: center; justify-content: center; width: 2.1rem; height: 2.1rem; border-radius: 0.55rem; background: linear-gradient(135deg, #3d8bfd, #0a58ca); }
.identity-main { padding-top: 3rem; padding-bottom: 3rem; }
.identity-card { max-width: 28rem; border: 0; }
.identity-card-wide { max-width: 56rem; }
.identity-code { font-size: 1.5rem; letter-spacing: 0.3em; text-align: center; font-variant-numeric: tabular-nums; }
.identity-secret { font-family: var(--bs-font-monospace); font-size: 1.05rem; letter-spacing: 0.05em; background: #f8f9fa; border-radius: 0.375rem; padding: 0.5rem; user-select: all; }
.identity-qr { image-rendering: pixelated; border: 1px solid #dee2e6; border-radius: 0.375rem; }
`;

/** One stylesheet for every page of the identity service, without the indentation and blank lines. */
export const identityCss = `${bootstrapSubset}${identityRules}`
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .join('\n');
