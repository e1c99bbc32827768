<#-- Which account this page is for: the username the user signs in with. Keycloak's own header shows it on sign-in pages, not on the pages a mailed link leads to (there Keycloak gives the page `username`). -->
<#assign shownUsername = (username)!(user.username)!(auth.attemptedUsername)!''>
<#if shownUsername?has_content && !(auth?has_content && auth.showUsername() && !auth.showResetCredentials())>
            <p id="kc-username-info" class="${properties.kcInputHelperTextItemTextClass!}">${msg("yourUsername", shownUsername)}</p>
</#if>
