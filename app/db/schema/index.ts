export * from "./core";
export * from "./customers";
export * from "./employees";
export * from "./jobs";
export * from "./company";
export * from "./price-book";
export * from "./messaging";
