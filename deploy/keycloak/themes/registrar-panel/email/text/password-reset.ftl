<#ftl output_format="plainText">
<#-- Keycloak's own template, with the username ({4}) passed on: the mail names the account. -->
${msg("passwordResetBody",link, linkExpiration, realmName, linkExpirationFormatter(linkExpiration), user.username)}
