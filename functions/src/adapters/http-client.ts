/** Outbound HTTP for the adapters: JSON or form bodies, a hard timeout, and no retry (callers decide). */
export class PartnerError extends Error {
  constructor(
    readonly partner: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${partner}: ${message}`);
  }
}

export async function postToPartner(
  partner: string,
  url: string,
  init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  return callPartner(partner, url, 'POST', init);
}

export async function getFromPartner(
  partner: string,
  url: string,
  init: { headers?: Record<string, string>; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  return callPartner(partner, url, 'GET', init);
}

async function callPartner(
  partner: string,
  url: string,
  method: 'GET' | 'POST',
  init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    throw new PartnerError(partner, error instanceof Error ? error.message : 'request failed');
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new PartnerError(partner, 'reply is not JSON', response.status);
  }
}
