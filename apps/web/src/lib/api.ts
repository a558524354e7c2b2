import { MSG } from '@os/shared';
import { takeEarlyRead } from './early-reads';
import { isCachedRead, recallRead, rememberRead, setReadOwner } from './offline/reads';

/** An answer outside 200-299, carrying the server's Portuguese `error` message. Status 0 = no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;

  constructor(message: string, status: number, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** With a FormData body: called with the percentage of the body sent so far (0-100). */
  onProgress?: (percent: number) => void;
}

/** The one way the app talks to the API: same origin, session cookie, JSON both ways. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/** A paged list: the rows and the X-Total-Count header the server sends with them. */
export async function apiGetPage<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  const { data, response } = await send<T[]>(path, options);
  const total = Number(response.headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

async function send<T>(path: string, options: RequestOptions): Promise<{ data: T; response: Response }> {
  const { method = 'GET' } = options;
  if (method === 'GET' && isCachedRead(path)) {
    try {
      const result = await sendNow<T>(path, options);
      void rememberRead(path, result.data);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && path === '/api/auth/me') void setReadOwner(null);
      if (!(error instanceof ApiError && error.status === 0)) throw error;
      const kept = await recallRead(path);
      if (!kept.found) throw error;
      return { data: kept.data as T, response: new Response(null, { status: 203 }) };
    }
  }
  const result = await sendNow<T>(path, options);
  if (path === '/api/auth/login') void rememberRead('/api/auth/me', result.data);
  if (path === '/api/auth/logout') void setReadOwner(null);
  return result;
}

/** The request as fetch takes it: same origin, the session cookie, a JSON or multipart body. */
function requestInit({ method = 'GET', body, signal, headers = {} }: RequestOptions, accept: string): RequestInit {
  const init: RequestInit = { method, signal, credentials: 'include', headers: { Accept: accept, ...headers } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  return init;
}

/** fetch, with no answer at all as ApiError status 0 saying `unreachable`; an abort stays an abort. */
async function fetchOrFail(path: string, init: RequestInit, unreachable: string): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(unreachable, 0);
  }
}

async function sendNow<T>(path: string, options: RequestOptions): Promise<{ data: T; response: Response }> {
  const { body, onProgress } = options;
  if (body instanceof FormData && onProgress) return sendWithProgress<T>(path, options, onProgress);
  // The first screen's reads may be on their way already (public/boot.js).
  const early = (options.method ?? 'GET') === 'GET' && body === undefined ? takeEarlyRead(path) : undefined;
  const response = early
    ? await early.catch(() => fetchOrFail(path, requestInit(options, 'application/json'), MSG.networkError))
    : await fetchOrFail(path, requestInit(options, 'application/json'), MSG.networkError);
  return answer<T>(response);
}

/**
 * A binary answer (a PDF) through the same client: its bytes and headers. A refusal throws ApiError with the
 * server's message; `failure` is said when the server sends none, or when it cannot be reached.
 */
export async function apiBlob(
  path: string,
  { failure, ...options }: RequestOptions & { failure?: string } = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await fetchOrFail(
    path,
    requestInit(options, 'application/pdf, application/json, */*'),
    failure ?? MSG.networkError,
  );
  if (!response.ok) {
    const payload = ((await readBody(response)) ?? {}) as { error?: unknown; field?: unknown };
    const message =
      typeof payload.error === 'string' && payload.error ? payload.error : (failure ?? fallbackMessage(response.status));
    throw new ApiError(message, response.status, typeof payload.field === 'string' ? payload.field : undefined);
  }
  return { blob: await response.blob(), headers: response.headers };
}

async function answer<T>(response: Response): Promise<{ data: T; response: Response }> {
  const data = await readBody(response);
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: unknown; field?: unknown };
    const message = typeof payload.error === 'string' && payload.error ? payload.error : fallbackMessage(response.status);
    throw new ApiError(message, response.status, typeof payload.field === 'string' ? payload.field : undefined);
  }
  return { data: data as T, response };
}

/**
 * A multipart upload whose progress is shown (docs/rules.md#daily-use): fetch tells nothing of the
 * bytes sent, XMLHttpRequest's upload events do. The answer is read as fetch's would be.
 */
function sendWithProgress<T>(
  path: string,
  { method = 'POST', body, signal, headers = {} }: RequestOptions,
  onProgress: (percent: number) => void,
): Promise<{ data: T; response: Response }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    onProgress(0);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      const total = xhr.getResponseHeader('X-Total-Count');
      if (total !== null) response.headers.set('X-Total-Count', total);
      answer<T>(response).then(resolve, reject);
    };
    xhr.onerror = () => reject(new ApiError(MSG.networkError, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body as FormData);
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function fallbackMessage(status: number): string {
  if (status === 401) return MSG.unauthorized;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return MSG.notFound;
  if (status === 413) return MSG.payloadTooLarge;
  if (status === 415) return MSG.unsupportedMedia;
  if (status === 429) return MSG.tooManyAttempts;
  if (status === 400) return MSG.invalidInput;
  return MSG.internalError;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
