// A vehicle routing solver with time windows (construction plus adaptive large neighbourhood search), pure
// TypeScript with no imports from the app, so it can be tested and measured on its own (Solomon benchmark).
export type { VrptwProblem, VrptwRoute, VrptwSolution } from "./types";
export { solveVrptw } from "./solve";
export { checkVrptw } from "./check";
