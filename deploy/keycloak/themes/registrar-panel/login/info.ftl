<#--
  Keycloak's info page (theme base, 26.5.6) with one change: when the page has no header of its own,
  the message is the page's title and is not repeated underneath ("You are logged out" once, not
  twice); the actions a mail's link asks for are listed under it.
-->
<#import "template.ftl" as layout>
<@layout.registrationLayout displayMessage=false; section>
    <#if section = "header">
        <#if messageHeader??>
            ${kcSanitize(msg("${messageHeader}"))?no_esc}
        <#else>
            ${message.summary}
        </#if>
    <#elseif section = "form">
    <div id="kc-info-message">
        <#if messageHeader??>
        <p class="instruction">${message.summary}<#if requiredActions??><#list requiredActions>: <b><#items as reqActionItem>${kcSanitize(msg("requiredAction.${reqActionItem}"))?no_esc}<#sep>, </#items></b></#list><#else></#if></p>
        <#elseif requiredActions??>
        <#list requiredActions>
        <ul class="instruction" id="kc-required-actions">
            <#items as reqActionItem><li>${kcSanitize(msg("requiredAction.${reqActionItem}"))?no_esc}</li></#items>
        </ul>
        </#list>
        </#if>
        <#if skipLink??>
        <#else>
            <#if pageRedirectUri?has_content>
                <p><a href="${pageRedirectUri}">${msg("backToApplication")}</a></p>
            <#elseif actionUri?has_content>
                <p><a href="${actionUri}">${msg("proceedWithAction")}</a></p>
            <#elseif (client.baseUrl)?has_content>
                <p><a href="${client.baseUrl}">${msg("backToApplication")}</a></p>
            </#if>
        </#if>
    </div>
    </#if>
</@layout.registrationLayout>
