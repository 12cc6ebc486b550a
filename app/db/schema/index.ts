export * from "./core";
export * from "./customers";
