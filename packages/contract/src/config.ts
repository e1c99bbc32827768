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
}

export const tldProperty = 'ngp.registration.exposed.top_level_domain';

/** `GET /services/config` → `data.properties`. */
export interface ServerProperties {
  properties: Record<string, string>;
}

export interface Country {
  iso2: string;
  name: string;
}
