import { afterAll, beforeAll } from "vitest";

/**
 * Registers beforeAll/afterAll hooks: `start` runs before the tests of the file (or describe), `stop`
 * after them. Gives back an object that reads through to what `start` made; use it inside hooks and tests.
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop: (started: T) => unknown, timeout?: number) {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  }, timeout);
  afterAll(async () => {
    if (current) await stop(current);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error(`${String(key)} is there once beforeAll has run`);
      const value = Reflect.get(current, key);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}
