import { useStarted } from "../helpers/lifecycle";
import { startServer } from "./harness";

/** A server of the test file's own, started before the tests of the surrounding describe and stopped after them. */
export const useOwnServer = (options: () => Parameters<typeof startServer>[0], timeout?: number) =>
  useStarted(
    () => startServer(options()),
    (server) => server.stop(),
    timeout,
  );
