export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A tiny browser-like HTTP client: keeps cookies, sends the headers the spec's clients send. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  xhr = true;

  constructor(
    readonly baseUrl: string,
    public lang = 'uk',
  ) {}

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  async request<T = any>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      'Accept-Language': this.lang,
      Accept: 'application/json',
      ...extra,
    };
    if (this.xhr) headers['X-Requested-With'] = 'XMLHttpRequest';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: RequestInit['body'];
    if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string')
      payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text } as TestResponse<T>;
  }
}
