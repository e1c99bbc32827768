<#--
  Keycloak's error page (theme base, 26.5.6) with one change: a mailed link whose account no longer
  exists (a newer activation mail replaced the account, or it was deleted) gets Keycloak's sign-in
  failure text, "Invalid username or password"; on this page, which a sign-in form never shows, it
  is said as what it is.
-->
<#import "template.ftl" as layout>
<@layout.registrationLayout displayMessage=false; section>
    <#if section = "header">
        <#if message.summary == msg("invalidUserMessage")>
            ${kcSanitize(msg("linkReplacedTitle"))?no_esc}
        <#else>
            ${kcSanitize(msg("errorTitle"))?no_esc}
        </#if>
    <#elseif section = "form">
        <div id="kc-error-message">
            <#if message.summary == msg("invalidUserMessage")>
            <p class="instruction">${kcSanitize(msg("linkReplacedMessage"))?no_esc}</p>
            <#else>
            <p class="instruction">${kcSanitize(message.summary)?no_esc}</p>
            </#if>
            <#if skipLink??>
            <#else>
                <#if client?? && client.baseUrl?has_content>
                    <p><a id="backToApplication" href="${client.baseUrl}">${msg("backToApplication")}</a></p>
                </#if>
            </#if>
        </div>
    </#if>
</@layout.registrationLayout>
