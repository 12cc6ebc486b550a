import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osrmTravel, straightLineTravel } from "~/services/routing/travel.server";
import { solveWithVroom, vroomRequest } from "~/services/routing/vroom.server";
import type { VrptwProblem } from "~/services/routing/vrptw";

type Seen = { method: string; url: string; body: string };
let server: Server;
let base = "";
const seen: Seen[] = [];
let answer: (req: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", body };
      seen.push(request);
      const out = answer(request);
      res.writeHead(out.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Two stops, one vehicle per technician; minutes throughout.
const problem: VrptwProblem = {
  travel: [
    [0, 0, 10, 20],
    [0, 0, 10, 20],
    [10, 10, 0, 15],
    [20, 20, 15, 0],
  ],
  stops: [
    { node: 2, demand: 1, service: 60, windows: [[540, 600]], allowedVehicles: [0] },
    { node: 3, demand: 1, service: 30, windows: [[720, 720]] },
  ],
  vehicles: [
    { start: 0, end: 1, capacity: 2, shift: [480, 1020] },
    { start: 0, end: 1, capacity: 2, shift: [480, 1020] },
  ],
  objective: "vehicles-then-distance",
};

describe("VROOM adapter", () => {
  it("posts vehicles, jobs and our matrix in seconds, with a skill for a stop kept to one technician", async () => {
    seen.length = 0;
    answer = () => ({
      status: 200,
      body: {
        code: 0,
        summary: { cost: 2700 },
        unassigned: [],
        routes: [
          {
            vehicle: 1,
            cost: 2700,
            steps: [
              { type: "start", arrival: 31800, duration: 0 },
              { type: "job", id: 1, arrival: 32400, waiting_time: 0, service: 3600 },
              { type: "job", id: 2, arrival: 36900, waiting_time: 6300, service: 1800 },
              { type: "end", arrival: 46200 },
            ],
          },
        ],
      },
    });
    const solution = await solveWithVroom(problem, { url: `${base}/` });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("POST");
    const sent = JSON.parse(seen[0].body);
    expect(sent).toEqual(vroomRequest(problem));
    expect(sent.vehicles[0]).toEqual({
      id: 1,
      profile: "car",
      start_index: 0,
      end_index: 1,
      capacity: [2],
      time_window: [28800, 61200],
      skills: [1],
      costs: { fixed: 10_000_000 },
    });
    expect(sent.vehicles[1].skills).toEqual([]);
    expect(sent.jobs).toEqual([
      { id: 1, location_index: 2, service: 3600, delivery: [1], time_windows: [[32400, 36000]], skills: [1] },
      { id: 2, location_index: 3, service: 1800, delivery: [1], time_windows: [[43200, 43200]] },
    ]);
    expect(sent.matrices.car.durations[2][3]).toBe(900);
    expect(solution).toEqual({
      routes: [{ vehicle: 0, stops: [0, 1], starts: [540, 720], departure: 530, returnAt: 770, distance: 45 }],
      unassigned: [],
      distance: 45,
      vehicles: 1,
    });
  });

  it("reads unassigned jobs and refuses an error answer", async () => {
    answer = () => ({ status: 200, body: { code: 0, routes: [], unassigned: [{ id: 2, type: "job" }] } });
    expect(await solveWithVroom(problem, { url: base })).toEqual({
      routes: [],
      unassigned: [1],
      distance: 0,
      vehicles: 0,
    });
    answer = () => ({ status: 400, body: { code: 2, error: "Invalid vehicle" } });
    await expect(solveWithVroom(problem, { url: base })).rejects.toThrow("VROOM answered 2: Invalid vehicle");
  });
});

describe("OSRM travel", () => {
  const points = [
    { latitude: 35.2271, longitude: -80.8431 },
    { latitude: 35.2, longitude: -80.8 },
  ];

  it("asks the table service with lon,lat pairs and reads minutes and metres", async () => {
    seen.length = 0;
    answer = () => ({
      status: 200,
      body: {
        code: "Ok",
        durations: [
          [0, 600],
          [660, null],
        ],
        distances: [
          [0, 5000.4],
          [5100, null],
        ],
      },
    });
    const matrix = await osrmTravel({ url: `${base}/` }).matrix(points);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("GET");
    expect(seen[0].url).toBe(
      "/table/v1/driving/-80.843100,35.227100;-80.800000,35.200000?annotations=duration,distance",
    );
    expect(matrix.travel[0][1]).toBe(10);
    expect(matrix.travel[1][0]).toBe(11);
    expect(matrix.distance[0][1]).toBe(5000);
    // A pair OSRM cannot route falls back to the straight line (here the point to itself).
    expect(matrix.travel[1][1]).toBe(0);
  });

  it("refuses an error answer", async () => {
    answer = () => ({ status: 400, body: { code: "InvalidQuery", message: "Query string malformed" } });
    await expect(osrmTravel({ url: base }).matrix(points)).rejects.toThrow(
      "OSRM table answered InvalidQuery: Query string malformed",
    );
  });

  it("straight lines: 1.3 times the distance at 40 km/h", async () => {
    const { travel, distance } = await straightLineTravel.matrix([
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 1 },
    ]);
    // One degree of longitude on the equator is 111.19 km.
    expect(distance[0][1]).toBe(144_553);
    expect(travel[0][1]).toBeCloseTo((144.553 / 40) * 60, 2);
  });
});
