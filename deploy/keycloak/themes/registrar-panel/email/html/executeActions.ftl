<#-- The activation mail (the link asks for the 2-step set-up too) or, from Reset Password in the portal's footer, the password mail: one Keycloak mail, two texts. -->
<#outputformat "plainText">
<#assign requiredActionsText><#if requiredActions??><#list requiredActions><#items as reqActionItem>${msg("requiredAction.${reqActionItem}")}<#sep>, </#sep></#items></#list></#if></#assign>
<#assign activation = requiredActions?? && requiredActions?seq_contains("CONFIGURE_TOTP")>
</#outputformat>

<#import "template.ftl" as layout>
<@layout.emailLayout>
<#if activation>
${kcSanitize(msg("executeActionsBodyHtml",link, linkExpiration, realmName, requiredActionsText, linkExpirationFormatter(linkExpiration), user.username))?no_esc}
<#else>
${kcSanitize(msg("changePasswordBodyHtml",link, linkExpiration, realmName, requiredActionsText, linkExpirationFormatter(linkExpiration), user.username))?no_esc}
</#if>
</@layout.emailLayout>
