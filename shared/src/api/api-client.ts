import { ApiError, isApiErrorBody, type ApiErrorBody } from './api-error';
import { withQuery, type QueryObject } from './query-string';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `response`: the answer itself (a download that needs its headers: Content-Disposition, Content-Type). */
export type ResponseKind = 'json' | 'blob' | 'text' | 'response';

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the API; '' for the page's own origin. */
  baseUrl: string;
  /** Current interface language, sent as Accept-Language. */
  getLanguage: () => string;
  /**
   * Called on a 401 answering "Unauthenticated." unless the request opted out (spec part 1 §8: the
   * page reloads); any other 401 is thrown like other refusals.
   */
  onUnauthenticated?: (error: ApiError) => void;
  /** Injected in tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryObject;
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  responseKind?: ResponseKind;
  /** Do not call onUnauthenticated for this call (sign-in checks handle 401 themselves). */
  ignoreUnauthenticated?: boolean;
  headers?: Record<string, string>;
  /**
   * The row version (`updated_at`) an update was based on. This client ignores it (online saves
   * keep last-write-wins); the staff app's offline queue sends it as If-Match when it sends the
   * write later, so a row changed meanwhile is a conflict, not an overwrite (issue 34).
   */
  baseVersion?: string | null;
}

export interface ApiClient {
  readonly baseUrl: string;
  url(path: string, query?: QueryObject): string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: QueryObject, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body;
  if (body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  const type = response.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('json')) {
      // Blob downloads answer errors with a JSON body too: parse it first (spec part 1 §8).
      const parsed: unknown = JSON.parse(await response.text());
      if (isApiErrorBody(parsed)) return parsed;
    }
  } catch {
    // fall through to the status text
  }
  return { message: response.statusText || `HTTP ${response.status}` };
}

async function readBody(response: Response, kind: ResponseKind): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (kind === 'response') return response;
  if (kind === 'blob') return response.blob();
  if (kind === 'text') return response.text();
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** How many GET answers with an ETag a client keeps to revalidate (the calendars, the tables shown). */
export const VALIDATED_ANSWERS = 32;

interface Validated {
  etag: string;
  text: string;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getLanguage, onUnauthenticated } = options;
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  // Conditional GETs (issue 32 point 2): the last JSON answer of a URL with the server's ETag is
  // kept (its text, parsed anew each time so no caller shares objects with another) and its tag
  // sent as If-None-Match; a 304 answers with the kept text. The server compares the whole body,
  // so another account or language on the same URL simply gets its own 200.
  const validated = new Map<string, Validated>();
  const remember = (key: string, entry: Validated) => {
    validated.delete(key);
    validated.set(key, entry);
    if (validated.size > VALIDATED_ANSWERS) validated.delete(validated.keys().next().value as string);
  };

  const url = (path: string, query?: QueryObject): string => withQuery(joinUrl(baseUrl, path), query);

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const method = requestOptions.method ?? 'GET';
    const headers = new Headers(requestOptions.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept-Language', getLanguage());
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const body = encodeBody(requestOptions.body, headers);
    const target = url(path, requestOptions.query);
    const conditional = method === 'GET' && (requestOptions.responseKind ?? 'json') === 'json';
    const held = conditional ? validated.get(target) : undefined;
    if (held && !headers.has('If-None-Match')) headers.set('If-None-Match', held.etag);

    let response: Response;
    try {
      response = await doFetch(target, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: requestOptions.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, { message: cause instanceof Error ? cause.message : String(cause) });
    }

    if (response.status === 304 && held) {
      remember(target, held);
      return JSON.parse(held.text) as T;
    }
    const etag = conditional && response.ok ? response.headers.get('ETag') : null;
    if (etag) {
      const text = await response.text();
      remember(target, { etag, text });
      return (text ? JSON.parse(text) : undefined) as T;
    }
    if (!response.ok) {
      const error = new ApiError(response.status, await readErrorBody(response));
      if (error.endsSession && !requestOptions.ignoreUnauthenticated) onUnauthenticated?.(error);
      throw error;
    }
    return (await readBody(response, requestOptions.responseKind ?? 'json')) as T;
  }

  return {
    baseUrl,
    url,
    request,
    get: (path, query, opts) => request(path, { ...opts, method: 'GET', query: query ?? opts?.query }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
  };
}
