/**
 * Readiness and draining. On SIGTERM the process turns /readyz to 503 so the
 * Service stops sending traffic, lets in-flight requests finish, then exits
 * within the grace period (see main.ts).
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class LifecycleService {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
