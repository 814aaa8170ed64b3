import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

@Injectable()
export class InstallationRepository {
  constructor(private readonly db: DatabaseService) {}

  /** The one row the Installation migration created. */
  async orgId(): Promise<string> {
    const rows = await this.db.query<{ org_id: string }>(`SELECT org_id FROM installation`);
    if (!rows[0]) throw new Error('The installation row is missing: run the migrations');
    return rows[0].org_id;
  }
}
