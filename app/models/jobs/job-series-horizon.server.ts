import { extendSeriesHorizons } from "~/models/jobs/jobs.server";
import { defineJob } from "~/services/queue.server";

/** A run extends at most this many batches; the next daily run picks up the rest. */
const MAX_BATCHES = 100;

/**
 * Keeps every open series materialised 12 months ahead: daily at 03:15 UTC, each batch in its own
 * transactions, safe to run again (a series already extended creates nothing).
 */
export const seriesHorizonJob = defineJob(
  "extend-series-horizons",
  async () => {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      if ((await extendSeriesHorizons()) === 0) return;
    }
  },
  { cron: "15 3 * * *" },
);
