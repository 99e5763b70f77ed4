/**
 * Lets non-React code (the base query's logout) navigate. The app registers the router's navigate
 * once at start; without a registration the call is a no-op and the route guards redirect instead.
 */
type Navigate = (to: string) => void;

let current: Navigate | null = null;

export function registerNavigate(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

export function navigateTo(to: string): void {
  current?.(to);
}
