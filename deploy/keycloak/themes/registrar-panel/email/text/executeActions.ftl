<#ftl output_format="plainText">
<#-- The activation mail (the link asks for the 2-step set-up too) or, from Reset Password in the portal's footer, the password mail: one Keycloak mail, two texts. -->
<#assign requiredActionsText><#if requiredActions??><#list requiredActions><#items as reqActionItem>${msg("requiredAction.${reqActionItem}")}<#sep>, </#items></#list><#else></#if></#assign>
<#if requiredActions?? && requiredActions?seq_contains("CONFIGURE_TOTP")>
${msg("executeActionsBody",link, linkExpiration, realmName, requiredActionsText, linkExpirationFormatter(linkExpiration), user.username)}
<#else>
${msg("changePasswordBody",link, linkExpiration, realmName, requiredActionsText, linkExpirationFormatter(linkExpiration), user.username)}
</#if>
