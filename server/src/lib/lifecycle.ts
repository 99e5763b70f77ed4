/**
 * Where a server process is in its life, for `/api/health/ready` and the load balancer in front:
 * `starting` until main.ts has migrated, seeded and is listening, `ready` while it takes traffic,
 * `draining` from SIGTERM/SIGINT until it exits (it finishes what it has, takes nothing new).
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  constructor(private current: LifecycleState = 'starting') {}
  get state(): LifecycleState {
    return this.current;
  }
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }
  drain(): void {
    this.current = 'draining';
  }
}
