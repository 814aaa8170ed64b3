import { Injectable } from '@nestjs/common';
import { InstallationRepository } from './installation.repository';

/**
 * The installation's identity, as the agents API names it: one organisation for
 * the whole Trove (its `orgId`), created once by a migration. Read once, then kept.
 */
@Injectable()
export class InstallationService {
  private orgIdRead?: Promise<string>;

  constructor(private readonly installation: InstallationRepository) {}

  orgId(): Promise<string> {
    this.orgIdRead ??= this.installation.orgId().catch((error) => {
      this.orgIdRead = undefined;
      throw error;
    });
    return this.orgIdRead;
  }
}
