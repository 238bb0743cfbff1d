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

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getLanguage, onUnauthenticated } = options;
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  const url = (path: string, query?: QueryObject): string => withQuery(joinUrl(baseUrl, path), query);

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const method = requestOptions.method ?? 'GET';
    const headers = new Headers(requestOptions.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept-Language', getLanguage());
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const body = encodeBody(requestOptions.body, headers);

    let response: Response;
    try {
      response = await doFetch(url(path, requestOptions.query), {
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
