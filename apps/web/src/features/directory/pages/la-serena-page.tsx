import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import ListingPage from '../listing-page.tsx';

const CITY = 'La Serena';

/**
 * The spec's La Serena page is a stub at /Escort/La-Serena that redirects to
 * that same path carrying the city in navigation state. It renders La Serena's
 * listing from the first HTML (crawlers and no-JS visitors see it too), then
 * replaces the history entry with one carrying { city } in state.
 */
export default function LaSerenaPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const stateCity = (location.state as { city?: string } | null)?.city;
  useEffect(() => {
    if (!stateCity) void navigate(location.pathname, { replace: true, state: { city: CITY } });
  }, [stateCity, navigate, location.pathname]);
  return <ListingPage segment="La-Serena" cityName={stateCity ?? CITY} />;
}
