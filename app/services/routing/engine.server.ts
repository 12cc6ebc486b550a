import { env } from "~/server/env.server";
import { osrmTravel, straightLineTravel, type TravelSource } from "~/services/routing/travel.server";
import { solveWithVroom } from "~/services/routing/vroom.server";
import { solveVrptw, type VrptwProblem, type VrptwSolution } from "~/services/routing/vrptw";

/** Who plans the routes: a VROOM server, or the solver built into the app (the offline default). */
export type RoutingEngine = { readonly name: string; solve(problem: VrptwProblem): Promise<VrptwSolution> };

/**
 * The embedded solver's effort for one day's plan. It runs on the request's thread, so it is
 * bounded twice: 5,000 iterations (a day of 30 visits: about 0.2 s; 60 visits: 0.4 s, converged
 * within a percent) and never more than a second, whatever the machine's load.
 */
export const EMBEDDED_ITERATIONS = 5000;
export const EMBEDDED_TIME_LIMIT_MS = 1000;

export const embeddedEngine: RoutingEngine = {
  name: "embedded",
  async solve(problem) {
    return solveVrptw({
      iterationLimit: EMBEDDED_ITERATIONS,
      timeLimitMs: EMBEDDED_TIME_LIMIT_MS,
      seed: 1,
      ...problem,
    });
  },
};

export function vroomEngine(options: { url: string; fetchImpl?: typeof fetch }): RoutingEngine {
  return { name: "vroom", solve: (problem) => solveWithVroom(problem, options) };
}

let engine: RoutingEngine | undefined;
let travel: TravelSource | undefined;

/** VROOM when VROOM_URL is set, else the embedded solver. */
export function routingEngine(): RoutingEngine {
  const url = env().VROOM_URL;
  engine ??= url ? vroomEngine({ url }) : embeddedEngine;
  return engine;
}

/** OSRM's road times when OSRM_URL is set, else straight lines at an average speed. */
export function travelSource(): TravelSource {
  const url = env().OSRM_URL;
  travel ??= url ? osrmTravel({ url }) : straightLineTravel;
  return travel;
}

/** Lets tests swap the engine or the travel source (undefined: back to the environment's). */
export function setRoutingServices(next: { engine?: RoutingEngine; travel?: TravelSource }) {
  engine = next.engine;
  travel = next.travel;
}
