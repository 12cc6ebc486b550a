export * from "./core";
export * from "./customers";
export * from "./employees";
export * from "./jobs";
