import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { clearAlertsOnNavigation } from '../../lib/alerts';

/**
 * Clears the global alerts whenever the location changes (spec section 2). A REPLACE is a redirect
 * finishing the navigation that caused it ('/epp' → '/epp/ipaddresses'), so it clears nothing:
 * otherwise an alert kept after a route change would be gone before the user saw it.
 */
export function useClearAlertsOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousKey = useRef(location.key);
  useEffect(() => {
    if (previousKey.current === location.key) return;
    previousKey.current = location.key;
    if (navigationType !== NavigationType.Replace) clearAlertsOnNavigation();
  }, [location.key, navigationType]);
}
