/**
 * The service's OpenAPI document, as the documentation routes serve it. The composition root
 * (app.ts) says how to build it: the document describes every router, the documentation routes
 * among them, so those routes cannot import what builds it without closing an import cycle.
 * Built on first request and kept for the life of the instance.
 */
type Builder = () => Promise<object>;
let builder: Builder | undefined;
let built: Promise<object> | undefined;

export function useServiceDocument(build: Builder): void {
  builder = build;
  built = undefined;
}

export function serviceDocument(): Promise<object> {
  if (!builder) return Promise.reject(new Error('No service document: call useServiceDocument() in the composition root'));
  return (built ??= builder());
}
