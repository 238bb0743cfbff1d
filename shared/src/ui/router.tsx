import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/** A tiny history-mode router: both clients have a handful of routes, no nested layouts. */
export type RouteParams = Record<string, string>;

export function normalizeBase(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed === '' || trimmed === '.' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The app path ('/login') of a browser pathname ('/staff/login') for a base ('/staff/'). */
export function stripBase(pathname: string, base: string): string {
  const prefix = normalizeBase(base);
  if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return pathname.slice(prefix.length) || '/';
  }
  return pathname || '/';
}

/** Matches '/password/reset/:token' against a path; returns the decoded params or null. */
export function matchRoute(pattern: string, path: string): RouteParams | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < patternParts.length; i += 1) {
    const part = patternParts[i];
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(pathParts[i]);
      } catch {
        return null;
      }
    } else if (part !== pathParts[i]) {
      return null;
    }
  }
  return params;
}

export interface NavigateOptions {
  replace?: boolean;
  /**
   * Kept with the history entry (a reload or Back keeps it too), e.g. the page a form dialog was
   * opened over. A navigation with state keeps the scroll position.
   */
  state?: unknown;
}

export interface RouterState {
  path: string;
  query: URLSearchParams;
  /** The history state of the current entry (null when none was given). */
  state: unknown;
  href(to: string): string;
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterState | null>(null);

function readLocation(base: string) {
  return {
    path: stripBase(window.location.pathname, base),
    search: window.location.search,
    state: (window.history.state ?? null) as unknown,
  };
}

export function RouterProvider({ base, children }: { base: string; children: ReactNode }) {
  const prefix = normalizeBase(base);
  const [location, setLocation] = useState(() => readLocation(prefix));

  useEffect(() => {
    const onPopState = () => setLocation(readLocation(prefix));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [prefix]);

  const href = useCallback((to: string) => `${prefix}${to.startsWith('/') ? to : `/${to}`}`, [prefix]);

  const navigate = useCallback(
    (to: string, options?: NavigateOptions) => {
      const target = href(to);
      const state = options?.state ?? null;
      if (options?.replace) window.history.replaceState(state, '', target);
      else window.history.pushState(state, '', target);
      setLocation(readLocation(prefix));
      if (state === null) window.scrollTo(0, 0);
    },
    [href, prefix],
  );

  const value = useMemo<RouterState>(
    () => ({
      path: location.path,
      query: new URLSearchParams(location.search),
      state: location.state,
      href,
      navigate,
    }),
    [location, href, navigate],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('useRouter outside RouterProvider');
  return state;
}

/** Redirects on mount (used by route guards). */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export function Link({ to, onClick, ...rest }: LinkProps) {
  const { href, navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={href(to)} onClick={handleClick} />;
}
