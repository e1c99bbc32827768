import { html, SafeHtml } from '../pages/html';
import { page, type PageContext } from '../pages/layout';

/**
 * Logout. When the portal's Logout asked for it (`confirmAtOnce`), a script file submits the
 * provider's form at once, and without script the user presses the button. Any other request,
 * such as a link on another site, only shows the question: nobody is logged out by a link.
 */
export function logoutPage(context: PageContext, form: string, options: { confirmAtOnce: boolean }): string {
  return page(context, {
    title: 'Log out',
    ...(options.confirmAtOnce ? { script: 'logout.js' } : {}),
    body: html` <h1 class="h4 mb-3">Log out</h1>
      <p>${options.confirmAtOnce ? 'You are being logged out of the registrar panel.' : 'Do you want to log out of the registrar panel?'}</p>
      ${new SafeHtml(form)}
      <button id="logout-confirm" type="submit" form="op.logoutForm" name="logout" value="yes" class="btn btn-primary w-100">Log out</button>`,
  });
}

export function loggedOutPage(context: PageContext, portalUrl: string): string {
  return page(context, {
    title: 'Logged out',
    body: html` <h1 class="h4 mb-3">You are logged out</h1>
      <a class="btn btn-primary w-100" href="${portalUrl}/">Sign in again</a>`,
  });
}

/** The provider's error page: what went wrong in words, never internals. */
export function providerErrorPage(context: PageContext, portalUrl: string, error: { code: string; description?: string | undefined }): string {
  const expired = error.code === 'invalid_request' && /interaction|session/i.test(error.description ?? '');
  return page(context, {
    title: 'Sign-in problem',
    body: html` <h1 class="h4 mb-3">${expired ? 'Your sign-in page expired' : 'Sign-in could not continue'}</h1>
      <p>
        ${expired ? 'The sign-in took too long or was already finished. Start again from the portal.' : (error.description ?? 'Something went wrong while signing in.')}
      </p>
      <a class="btn btn-primary w-100" href="${portalUrl}/">Go to the registrar panel</a>`,
  });
}
