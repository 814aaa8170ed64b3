/**
 * Readiness and draining. On SIGTERM the process turns /readyz to 503 so the
 * Service stops sending traffic, lets in-flight requests finish, then exits
 * within the grace period (see main.ts).
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class LifecycleService {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  startDraining(): void {
    this.isDraining = true;
  }
}
