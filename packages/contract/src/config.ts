/** `/assets/config/config.json`: what the web app loads before anything else. */
export interface AppConfiguration {
  identity: {
    realm: string;
    authUrl: string;
    clientId: string;
  };
  appConfig: {
    news_website_link: string;
    registrationGuidelinesLink: string;
    /** Contact address for questions about the cookie policy. */
    supportEmail: string;
  };
  /** The demo (known passwords, generated data): the portal shows a 'Demo' marker. */
  demoMode: boolean;
  /**
   * How old a sign-in (`auth_time`) may be for a change that needs a recent one (the server's
   * RECENT_AUTHENTICATION_MINUTES): the portal asks for a new sign-in before it offers one.
   */
  recentAuthenticationSeconds: number;
}

export const tldProperty = 'ngp.registration.exposed.top_level_domain';
/** The largest reconciliation upload in bytes (the server's `RECONCILIATION_MAX_BYTES`), for the upload page's words. */
export const reconciliationMaxBytesProperty = 'reconciliation.maxBytes';
