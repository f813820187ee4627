import { useContext } from 'react';
import { UNSAFE_NavigationContext, useHref, useLocation } from 'react-router';

/**
 * A function telling whether the address is still the page that rendered this component. A link
 * clicked while the next page's chunk loads changes the address at once but keeps this page on
 * screen until that page can render (a transition): a late update of this page's search parameters
 * (a debounced search) would otherwise navigate the user back to it.
 */
export function useIsCurrentPage(): () => boolean {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const here = useHref(useLocation().pathname);
  return () => {
    // Browser and memory histories expose their current location; other navigators are trusted.
    const current = (navigator as { location?: { pathname: string } }).location;
    return !current || current.pathname === here;
  };
}
