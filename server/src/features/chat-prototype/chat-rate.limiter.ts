/** A token bucket: `capacity` events at once, refilled at `perSecond`; a runaway client is refused. */
export function tokenBucket(capacity: number, perSecond: number, now: () => number = Date.now) {
  let tokens = capacity;
  let last = now();
  return () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * perSecond);
    last = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Per socket: chat lines are few, ICE candidates come in bursts, room changes in between. */
export function chatRateLimits() {
  return {
    message: tokenBucket(10, 1),
    signaling: tokenBucket(200, 50),
    control: tokenBucket(30, 3),
  };
}
