<#-- Keycloak's own template, with the username ({4}) passed on: the mail names the account. -->
<#import "template.ftl" as layout>
<@layout.emailLayout>
${kcSanitize(msg("passwordResetBodyHtml",link, linkExpiration, realmName, linkExpirationFormatter(linkExpiration), user.username))?no_esc}
</@layout.emailLayout>
