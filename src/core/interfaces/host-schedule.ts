// Politeness shared between processes: one schedule per host that every Lyra process sending requests
// (several `lyra worker`s on several machines) reserves its send slots from, so a host's rate holds for
// all of them together and not once per process. The in-process host scheduler (net/host-scheduler.ts)
// still spaces and caps this process's own requests; this schedule adds the cross-process bound.

/** One reserved send slot for a host. Exactly one of `markSent` / `release` ends it (later calls do nothing). */
export interface HostReservation {
  readonly host: string;
  /** When the request may be sent, in ms since the epoch on the schedule's clock (the database's). */
  readonly slotAt: number;
  /** How long to wait from now until `slotAt`, in ms (0 when the slot has come); measured on the schedule's clock. */
  readonly waitMs: number;
  /**
   * The request reached the wire. The next slot of the host, in any process, counts from this moment:
   * until it is called no other process gets a slot for the host (see `holdMs` of the implementation).
   */
  markSent(): Promise<void>;
  /** The request was never sent (refused, could not connect): frees the host without moving its clock again. */
  release(): Promise<void>;
}

export interface SharedHostSchedule {
  /**
   * Reserves the next send slot of `host`, `intervalMs` after the previous request any process sent to
   * it (the interval is the caller's: 1/qps of the domain policy, or robots.txt's crawl delay when
   * longer). Waits while another process holds an unsent slot for the host. Rejects with the signal's
   * reason when it aborts.
   */
  reserve(host: string, options: { intervalMs: number; signal?: AbortSignal }): Promise<HostReservation>;
  /** Holds every process's requests to `host` for `ms` from now (a 429/503 with Retry-After); later deadlines win. */
  backoff(host: string, ms: number): Promise<void>;
  close(): Promise<void>;
}
