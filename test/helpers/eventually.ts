/**
 * A value that something else (a trigger, a schedule) sets in its own time: read until it is
 * defined or `ms` have passed; answers it, or undefined. The end-to-end tests wait on the
 * Functions emulator this way, with the bound each names.
 */
export async function eventually<T>(read: () => Promise<T | undefined>, ms: number, stepMs = 100): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    value = await read();
  }
  return value;
}
